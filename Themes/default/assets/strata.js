// Strata default theme: colour-mode toggle and the navigation drawer on small screens.
// Works without a server and loads nothing from the network.
(function () {
  "use strict";
  var root = document.documentElement;

  function effectiveTheme() {
    if (root.dataset.theme === "light" || root.dataset.theme === "dark") return root.dataset.theme;
    return window.matchMedia && window.matchMedia("(prefers-color-scheme: dark)").matches ? "dark" : "light";
  }

  var toggle = document.querySelector(".theme-toggle");
  if (toggle) {
    var label = function () {
      var next = effectiveTheme() === "dark" ? "light" : "dark";
      toggle.setAttribute("aria-label", "Switch to " + next + " mode");
      toggle.setAttribute("title", "Switch to " + next + " mode");
    };
    label();
    toggle.addEventListener("click", function () {
      var next = effectiveTheme() === "dark" ? "light" : "dark";
      root.dataset.theme = next;
      try { localStorage.setItem("strata-theme", next); } catch (e) { /* private mode: the choice lasts for this page only */ }
      label();
    });
  }

  // Long sections: a page lists only the entries around it, and the section's shared list
  // (a script the sidebar loaded just before this one) fills in the rest, with a filter.
  // Entries the page listed itself are kept as they are (the page's own, with its open
  // subsection); the others are written from the list in one go, which takes 10,000 entries
  // in a few tens of milliseconds.
  function escapeHTML(text) {
    return String(text).replace(/[&<>"]/g, function (c) { return { "&": "&amp;", "<": "&lt;", ">": "&gt;", "\"": "&quot;" }[c]; });
  }
  var sharedLists = Array.prototype.slice.call(document.querySelectorAll("ul[data-nav-list]"));
  sharedLists.forEach(function (list) {
    var entries = window.strataNav && window.strataNav[list.getAttribute("data-nav-list")];
    if (!entries || !entries.length) return;
    var listRoot = list.getAttribute("data-nav-root") || "";
    var items = null;
    var texts = entries.map(function (entry) { return (entry[0] + " " + entry[1]).toLowerCase(); });
    function fill() {
      if (items) return;
      var kept = {};
      Array.prototype.slice.call(list.children).forEach(function (child) {
        if (child.tagName !== "LI") return;
        if (child.hasAttribute("data-nav-place")) kept[child.getAttribute("data-nav-place")] = child;
        list.removeChild(child);
      });
      var html = entries.map(function (entry, index) {
        if (kept[index]) return '<li data-nav-keep="' + index + '"></li>';
        var label = entry[1] ? '<a href="' + escapeHTML(listRoot + entry[1]) + '">' + escapeHTML(entry[0]) + "</a>"
          : '<span class="nav-label">' + escapeHTML(entry[0]) + "</span>";
        return '<li class="nav-item' + (entry[2] ? " nav-section" : "") + '">' + label + "</li>";
      }).join("");
      list.insertAdjacentHTML("beforeend", html);
      Object.keys(kept).forEach(function (index) {
        var slot = list.querySelector('li[data-nav-keep="' + index + '"]');
        if (slot) list.replaceChild(kept[index], slot);
      });
      items = Array.prototype.filter.call(list.children, function (child) { return child.tagName === "LI"; });
    }
    var box = document.createElement("div");
    box.className = "nav-filter";
    var input = document.createElement("input");
    input.type = "search";
    // Group names (entries without a page) are not pages to count.
    var pageCount = entries.filter(function (entry) { return entry[1]; }).length;
    input.placeholder = "Filter " + pageCount + " pages";
    input.setAttribute("aria-label", "Filter the " + pageCount + " pages listed below");
    var count = document.createElement("span");
    count.className = "nav-filter-count";
    count.setAttribute("aria-live", "polite");
    box.appendChild(input);
    box.appendChild(count);
    list.parentNode.insertBefore(box, list);
    // Up to 2,000 entries the list is written at once (laying out 10,000 takes a browser
    // a third of a second); a longer one when the reader comes to its filter.
    if (entries.length <= 2000) fill();
    else input.addEventListener("focus", fill);
    input.addEventListener("input", function () {
      fill();
      var words = input.value.toLowerCase().split(/\s+/).filter(Boolean);
      var shown = 0;
      items.forEach(function (item, index) {
        item.hidden = !words.every(function (word) { return texts[index].indexOf(word) >= 0; });
        if (!item.hidden) shown += 1;
      });
      count.textContent = words.length ? (shown === 0 ? "No page matches" : shown + " of " + items.length) : "";
    });
    // Arrow keys move through the entries shown, from the filter and between links;
    // Escape goes back to a filter holding text, then clears it; with nothing to clear it
    // is left to the page (on a phone, it closes the drawer). A long section inside another
    // handles its own keys.
    function links() {
      return Array.prototype.filter.call(list.querySelectorAll("a"), function (link) {
        return !link.closest("li[hidden]") && link.closest("ul[data-nav-list]") === list;
      });
    }
    input.addEventListener("keydown", function (event) {
      if (event.key === "ArrowDown") {
        var shown = links();
        if (shown.length) { event.preventDefault(); shown[0].focus(); }
      } else if (event.key === "Escape" && input.value) {
        event.preventDefault();
        event.stopPropagation();
        input.value = "";
        input.dispatchEvent(new Event("input"));
      }
    });
    list.addEventListener("keydown", function (event) {
      if (event.target.closest("ul[data-nav-list]") !== list) return;
      var shown = links();
      var at = shown.indexOf(document.activeElement);
      if (at < 0) return;
      var next = null;
      if (event.key === "ArrowDown") next = shown[Math.min(at + 1, shown.length - 1)];
      else if (event.key === "ArrowUp") next = at === 0 ? input : shown[at - 1];
      else if (event.key === "Home") next = shown[0];
      else if (event.key === "End") next = shown[shown.length - 1];
      else if (event.key === "Escape" && input.value) next = input;
      if (next) {
        event.preventDefault();
        event.stopPropagation();
        next.focus();
      }
    });
  });
  // Of two long sections one inside the other, only the inner one's filter stays at the top
  // of the sidebar, so they never sit on each other.
  Array.prototype.forEach.call(document.querySelectorAll(".nav-filter"), function (box) {
    var list = box.nextElementSibling;
    if (list && list.querySelector("ul[data-nav-list]")) box.classList.add("nav-filter-outer");
  });

  var navToggle = document.querySelector(".nav-toggle");
  var nav = document.getElementById("site-nav");
  if (navToggle && nav) {
    var setOpen = function (open) {
      document.body.classList.toggle("nav-open", open);
      navToggle.setAttribute("aria-expanded", open ? "true" : "false");
      navToggle.setAttribute("aria-label", open ? "Hide navigation" : "Show navigation");
    };
    navToggle.addEventListener("click", function () {
      setOpen(!document.body.classList.contains("nav-open"));
    });
    document.addEventListener("keydown", function (event) {
      if (event.key === "Escape" && document.body.classList.contains("nav-open")) {
        setOpen(false);
        navToggle.focus();
      }
    });
    // The page's own entry is in view in the sidebar, in its middle when the sidebar has to
    // scroll to show it; the page itself does not move.
    var current = nav.querySelector("[aria-current=page]");
    if (current) {
      var entry = current.getBoundingClientRect(), box = nav.getBoundingClientRect();
      if (entry.top < box.top || entry.bottom > box.bottom) nav.scrollTop += entry.top - box.top - (nav.clientHeight - entry.height) / 2;
    }
  }

  // The guidance catalog: filter by layer, kind, enforcement and text, in the page, with the choice kept
  // in the URL's query so a filtered catalog can be linked to.
  var filter = document.querySelector(".guidance-filter");
  var catalog = document.querySelector(".guidance-catalog");
  if (filter && catalog) {
    var items = Array.prototype.slice.call(catalog.querySelectorAll(".guidance-item"));
    var layer = filter.querySelector("select[name=layer]");
    var enforcement = filter.querySelector("select[name=enforced]");
    var kinds = Array.prototype.slice.call(filter.querySelectorAll("input[name=kind]"));
    var text = filter.querySelector("input[name=text]");
    var shown = filter.querySelector(".guidance-shown");
    var empty = catalog.querySelector(".guidance-empty");
    var params = new URLSearchParams(window.location.search);
    if (params.has("layer")) layer.value = params.get("layer");
    if (params.has("enforced") && enforcement) enforcement.value = params.get("enforced");
    if (params.has("kind")) {
      var wanted = params.get("kind").split(",");
      kinds.forEach(function (box) { box.checked = wanted.indexOf(box.value) >= 0; });
    }
    if (params.has("q")) text.value = params.get("q");
    var apply = function (remember) {
      var chosenLayer = layer.value;
      var chosenEnforcement = enforcement ? enforcement.value : "";
      var chosenKinds = kinds.filter(function (box) { return box.checked; }).map(function (box) { return box.value; });
      var words = text.value.toLowerCase().split(/\s+/).filter(Boolean);
      var count = 0;
      items.forEach(function (item) {
        var layers = item.getAttribute("data-layers").split(" ").filter(Boolean);
        var visible = chosenKinds.indexOf(item.getAttribute("data-kind")) >= 0
          && (chosenLayer === "" || (chosenLayer === "-" ? layers.length === 0 : layers.indexOf(chosenLayer) >= 0))
          && (chosenEnforcement === "" || (chosenEnforcement === "no" ? item.getAttribute("data-enforced") === "no" : item.getAttribute("data-enforced") !== "no")
            && (chosenEnforcement !== "broken" || item.getAttribute("data-enforced") === "broken"));
        if (visible && words.length) {
          var content = item.textContent.toLowerCase();
          visible = words.every(function (word) { return content.indexOf(word) >= 0; });
        }
        item.hidden = !visible;
        if (visible) count += 1;
      });
      Array.prototype.forEach.call(catalog.querySelectorAll(".guidance-section, .guidance-group"), function (group) {
        var visibleItems = group.querySelectorAll(".guidance-item:not([hidden])").length;
        group.hidden = visibleItems === 0;
        var badge = group.querySelector(":scope > h2 .guidance-count, :scope > h3 .guidance-count");
        if (badge) badge.textContent = visibleItems === Number(badge.getAttribute("data-total")) ? badge.getAttribute("data-total") : visibleItems + " of " + badge.getAttribute("data-total");
      });
      shown.textContent = count + " of " + items.length + " shown";
      if (empty) empty.hidden = count !== 0;
      if (remember && window.history && window.history.replaceState) {
        var query = new URLSearchParams();
        if (chosenLayer) query.set("layer", chosenLayer);
        if (chosenEnforcement) query.set("enforced", chosenEnforcement);
        if (chosenKinds.length !== kinds.length) query.set("kind", chosenKinds.join(","));
        if (text.value) query.set("q", text.value);
        var search = query.toString();
        window.history.replaceState(null, "", window.location.pathname + (search ? "?" + search : "") + window.location.hash);
      }
    };
    filter.hidden = false;
    filter.addEventListener("input", function () { apply(true); });
    filter.addEventListener("change", function () { apply(true); });
    filter.addEventListener("submit", function (event) { event.preventDefault(); });
    apply(false);
  }

  // Every code block gets a copy button. The clipboard API needs a secure context (https,
  // localhost, file://); elsewhere the code is selected for the reader to copy.
  Array.prototype.forEach.call(document.querySelectorAll(".content pre"), function (pre) {
    var code = pre.querySelector("code") || pre;
    var wrapper = document.createElement("div");
    wrapper.className = "code-block";
    pre.parentNode.insertBefore(wrapper, pre);
    wrapper.appendChild(pre);
    var button = document.createElement("button");
    button.type = "button";
    button.className = "code-copy";
    button.textContent = "Copy";
    button.setAttribute("aria-label", "Copy this code");
    var reset = null;
    var done = function (text) {
      button.textContent = text;
      button.classList.add("is-done");
      clearTimeout(reset);
      reset = setTimeout(function () { button.textContent = "Copy"; button.classList.remove("is-done"); }, 1600);
    };
    var select = function () {
      var range = document.createRange();
      range.selectNodeContents(code);
      var selection = window.getSelection();
      selection.removeAllRanges();
      selection.addRange(range);
      done("Press Ctrl+C");
    };
    button.addEventListener("click", function () {
      var text = code.textContent.replace(/\n$/, "");
      if (navigator.clipboard && window.isSecureContext) {
        navigator.clipboard.writeText(text).then(function () { done("Copied"); }, select);
      } else {
        select();
      }
    });
    wrapper.appendChild(button);
  });

  // The module map's views, from modules/architecture.js: focus on a module (what it
  // reaches and what reaches it, however far) or the shortest path from one module to
  // another with the evidence of each step. The choice is kept in the URL's query
  // (?focus=A, ?from=A&to=B), so a view can be linked to. Modules the drawing leaves out
  // are still listed in the panel. On the map of a large graph, a family's box opens the
  // drawing with that family's modules in place (?open=Layer/*Kit), and a view of a module
  // inside a family opens the family first.
  function mapViews(frames) {
    var data = window.strataArchitecture;
    var shownFrame = function () { return frames.filter(function (frame) { return !frame.figure.hidden; })[0] || frames[0]; };
    var back = document.querySelector(".map-back");
    var opened = null;
    var redraw = function () {};
    var form = document.querySelector(".map-views");
    var panel = document.querySelector(".map-panel");
    if (!form || !panel || !data.modules) return null;
    var names = data.modules.map(function (module) { return module[0]; });
    var position = {};
    names.forEach(function (name, index) { position[name] = index; });
    var outgoing = names.map(function () { return []; }), incoming = names.map(function () { return []; });
    data.edges.forEach(function (edge, index) { outgoing[edge[0]].push(index); incoming[edge[1]].push(index); });
    var inputs = { focus: form.elements.focus, from: form.elements.from, to: form.elements.to };
    var current = null;
    var link = function (index) { return '<a href="' + escapeHTML(data.modules[index][2]) + '">' + escapeHTML(names[index]) + "</a>"; };
    var groupName = function (index) { var group = data.groups[data.modules[index][1]]; return group ? group[0] : "no layer"; };
    // Every module reached from `start` along the arrows (or against them), nearest first.
    var reach = function (start, forward) {
      var seen = {}, order = [], queue = [start];
      seen[start] = true;
      while (queue.length) {
        var at = queue.shift();
        (forward ? outgoing : incoming)[at].forEach(function (edgeIndex) {
          var other = data.edges[edgeIndex][forward ? 1 : 0];
          if (seen[other]) return;
          seen[other] = true;
          order.push(other);
          queue.push(other);
        });
      }
      return order;
    };
    // The fewest dependencies leading from `from` to `to`, as edge indices; null when none does.
    var shortest = function (from, to) {
      var via = {}, queue = [from];
      via[from] = -1;
      while (queue.length) {
        var at = queue.shift();
        if (at === to) break;
        outgoing[at].forEach(function (edgeIndex) {
          var other = data.edges[edgeIndex][1];
          if (via[other] !== undefined) return;
          via[other] = edgeIndex;
          queue.push(other);
        });
      }
      if (via[to] === undefined) return null;
      var steps = [];
      for (var at = to; at !== from; at = data.edges[via[at]][0]) steps.unshift(via[at]);
      return steps;
    };
    var clearMarks = function () {
      frames.forEach(function (frame) {
        frame.svg.classList.remove("is-viewing");
        Array.prototype.forEach.call(frame.svg.querySelectorAll(".on-view, .on-path, .view-start"), function (element) {
          element.classList.remove("on-view", "on-path", "view-start");
        });
      });
    };
    // Keeps the modules in `kept` and the drawn arrows `keepEdge` accepts; dims the rest.
    // A closed family's box, by its members: the figure that opens family K draws K's
    // modules, and every figure draws the box of K with a link that opens it.
    var familyBox = {};
    var topLevel = {};
    frames.forEach(function (frame) {
      if (!frame.figure.getAttribute("data-family")) Object.keys(frame.nodes).forEach(function (name) { topLevel[name] = true; });
    });
    frames.forEach(function (frame) {
      var key = frame.figure.getAttribute("data-family");
      if (!key) return;
      var box = null;
      frames.some(function (other) {
        return Object.keys(other.nodes).some(function (name) {
          var link = other.nodes[name].querySelector("a");
          var href = link ? link.getAttribute("href") || link.getAttribute("xlink:href") || "" : "";
          var found = /[?&]open=([^&]*)/.exec(href);
          if (found && decodeURIComponent(found[1]) === key) { box = name; return true; }
          return false;
        });
      });
      if (box) Object.keys(frame.nodes).forEach(function (name) { if (!topLevel[name] && !/^family:/.test(name)) familyBox[name] = box; });
    });
    // The box that draws module `index` in the figure shown: its own, or its family's.
    var boxOf = function (index, nodes) { var name = names[index]; return nodes[name] ? name : familyBox[name]; };
    // Keeps the modules in `kept` (or their families' boxes) and the drawn arrows `keepEdge`
    // accepts, by the boxes they join; dims the rest, and brings `start` into view.
    var mark = function (kept, keepEdge, start) {
      clearMarks();
      var frame = shownFrame(), svg = frame.svg, nodes = frame.nodes, drawnEdges = frame.edges;
      svg.classList.add("is-viewing");
      Object.keys(kept).forEach(function (index) {
        var box = boxOf(index, nodes);
        if (box && nodes[box]) nodes[box].classList.add("on-view");
      });
      var startBox = start === undefined ? null : boxOf(start, nodes);
      if (startBox && nodes[startBox]) {
        nodes[startBox].classList.add("view-start");
        if (nodes[startBox].scrollIntoView) nodes[startBox].scrollIntoView({ block: "nearest", inline: "nearest" });
      }
      drawnEdges.forEach(function (edge) {
        var kind = keepEdge(edge.from, edge.to);
        if (kind) edge.element.classList.add("on-view");
        if (kind === "path") edge.element.classList.add("on-path");
      });
    };
    // Module indices as the boxes of the figure shown.
    var boxes = function (indices) {
      var nodes = shownFrame().nodes, result = {};
      indices.forEach(function (index) { var box = boxOf(index, nodes); if (box) result[box] = true; });
      return result;
    };
    var byGroup = function (indices) {
      var groups = {}, order = [];
      indices.forEach(function (index) {
        var name = groupName(index);
        if (!groups[name]) { groups[name] = []; order.push(name); }
        groups[name].push(index);
      });
      return "<ul>" + order.map(function (name) {
        return "<li><strong>" + escapeHTML(name) + "</strong> (" + groups[name].length + "): " + groups[name].map(link).join(", ") + "</li>";
      }).join("") + "</ul>";
    };
    var remember = function (query) {
      if (!window.history || !window.history.replaceState) return;
      if (opened) query.set("open", opened);
      var search = query.toString();
      try { window.history.replaceState(null, "", window.location.pathname + (search ? "?" + search : "") + window.location.hash); } catch (e) { /* an address the browser will not rewrite: the view still shows */ }
    };
    var unknown = function (name) {
      panel.hidden = false;
      panel.innerHTML = "<p>No module is named <strong>" + escapeHTML(name) + "</strong>. Pick one from the list as you type.</p>";
    };
    var evidence = function (edge) {
      if (!edge[6].length) return "";
      return '<ul class="evidence">' + edge[6].map(function (item) { return "<li><code>" + escapeHTML(item[0]) + "</code> " + escapeHTML(item[1]) + "</li>"; }).join("")
        + (edge[7] > edge[6].length ? "<li>and " + (edge[7] - edge[6].length) + " more on the module's page</li>" : "") + "</ul>";
    };
    // The family figure that draws `name` as a module, when the figure shown does not.
    var openFor = function (name) {
      if (name === undefined || shownFrame().nodes[name]) return;
      var holder = frames.filter(function (frame) { return frame.figure.getAttribute("data-family") && frame.nodes[name]; })[0];
      if (holder) api.open(holder.figure.getAttribute("data-family"), true);
    };
    var api = {
      active: function () { return current !== null; },
      // Shows the drawing with the family `key` open (null: every family closed).
      open: function (key, quietly) {
        if (key && !frames.some(function (frame) { return frame.figure.getAttribute("data-family") === key; })) return false;
        frames.forEach(function (frame) {
          var own = frame.figure.getAttribute("data-family");
          frame.figure.hidden = key ? own !== key : own !== null;
        });
        opened = key || null;
        if (back) back.hidden = !opened;
        if (!quietly) {
          redraw();
          if (!current) remember(new URLSearchParams());
        }
      },
      clear: function () {
        current = null;
        redraw = function () {};
        clearMarks();
        panel.hidden = true;
        panel.innerHTML = "";
        frames.forEach(function (frame) { frame.status.textContent = ""; });
        Object.keys(inputs).forEach(function (key) { inputs[key].value = ""; });
        remember(new URLSearchParams());
      },
      // `keepOpen`: the family the reader opened stays open, though it does not draw `name`.
      focus: function (name, keepOpen) {
        if (name === null || name === undefined || name === "") { api.clear(); return; }
        var start = position[name];
        inputs.focus.value = name;
        inputs.from.value = inputs.to.value = "";
        if (start === undefined) { unknown(name); return; }
        if (!keepOpen) openFor(name);
        current = "focus";
        redraw = function () { api.focus(name, true); };
        var status = shownFrame().status;
        var down = reach(start, true), up = reach(start, false);
        var isDown = {}, isUp = {}, kept = {};
        kept[start] = isDown[start] = isUp[start] = true;
        down.forEach(function (index) { kept[index] = isDown[index] = true; });
        up.forEach(function (index) { kept[index] = isUp[index] = true; });
        var downBoxes = boxes([start].concat(down)), upBoxes = boxes([start].concat(up));
        mark(kept, function (from, to) { return (downBoxes[from] && downBoxes[to]) || (upBoxes[from] && upBoxes[to]) ? "view" : null; }, start);
        panel.hidden = false;
        panel.innerHTML = "<h2>Focus: " + link(start) + "</h2><p>" + escapeHTML(name) + " reaches " + down.length + " module" + (down.length === 1 ? "" : "s")
          + " (" + outgoing[start].length + " directly) and is reached by " + up.length + " (" + incoming[start].length + " directly).</p>"
          + "<h3>What it reaches</h3>" + (down.length ? byGroup(down) : "<p>Nothing: it uses no other module.</p>")
          + "<h3>What reaches it</h3>" + (up.length ? byGroup(up) : "<p>Nothing: no module uses it.</p>");
        status.textContent = "Focus: " + name + " reaches " + down.length + " and is reached by " + up.length + ". Escape or Clear ends the view.";
        var query = new URLSearchParams();
        query.set("focus", name);
        remember(query);
      },
      path: function (fromName, toName, keepOpen) {
        var from = position[fromName], to = position[toName];
        inputs.focus.value = "";
        inputs.from.value = fromName;
        inputs.to.value = toName;
        if (from === undefined) { unknown(fromName); return; }
        if (to === undefined) { unknown(toName); return; }
        if (!keepOpen) openFor(fromName);
        current = "path";
        redraw = function () { api.path(fromName, toName, true); };
        var status = shownFrame().status;
        var query = new URLSearchParams();
        query.set("from", fromName);
        query.set("to", toName);
        remember(query);
        var steps = shortest(from, to);
        panel.hidden = false;
        if (!steps) {
          var back = shortest(to, from);
          var kept = {};
          kept[from] = kept[to] = true;
          mark(kept, function () { return null; }, from);
          panel.innerHTML = "<h2>No path</h2><p>No chain of dependencies leads from " + link(from) + " to " + link(to) + ".</p>"
            + (back ? "<p>The other way, " + escapeHTML(toName) + " reaches " + escapeHTML(fromName) + " in " + back.length + " step" + (back.length === 1 ? "" : "s") + ".</p>" : "<p>Neither reaches the other.</p>");
          status.textContent = "No path from " + fromName + " to " + toName + ".";
          return;
        }
        var onPath = {}, pathEdges = {}, shownNodes = shownFrame().nodes;
        onPath[from] = true;
        steps.forEach(function (edgeIndex) {
          var edge = data.edges[edgeIndex];
          onPath[edge[1]] = true;
          pathEdges[boxOf(edge[0], shownNodes) + ">" + boxOf(edge[1], shownNodes)] = true;
        });
        mark(onPath, function (a, b) { return pathEdges[a + ">" + b] ? "path" : null; }, from);
        panel.innerHTML = "<h2>Path: " + escapeHTML(fromName) + " → " + escapeHTML(toName) + "</h2><p>" + steps.length + " step" + (steps.length === 1 ? "" : "s")
          + ", the fewest there are; each with the lines that make it.</p><ol class=\"path-steps\">" + steps.map(function (edgeIndex) {
            var edge = data.edges[edgeIndex];
            var facts = [edge[2] ? edge[2] + " import" + (edge[2] === 1 ? "" : "s") : "declared, never imported"];
            if (edge[4].length) facts.push("breaks " + edge[4].join(", "));
            return "<li>" + link(edge[0]) + " → " + link(edge[1]) + " <span class=\"path-facts\">(" + escapeHTML(facts.join("; ")) + ")</span>" + evidence(edge) + "</li>";
          }).join("") + "</ol>";
        status.textContent = "Path from " + fromName + " to " + toName + ": " + steps.length + " step" + (steps.length === 1 ? "" : "s") + ".";
      },
    };
    var chosen = function (input) { return input.value.trim(); };
    var update = function (event) {
      var target = event.target;
      if (target === inputs.focus) {
        if (position[chosen(inputs.focus)] !== undefined || (event.type === "change" && chosen(inputs.focus))) api.focus(chosen(inputs.focus));
        else if (!chosen(inputs.focus) && current === "focus") api.clear();
      } else if (target === inputs.from || target === inputs.to) {
        var from = chosen(inputs.from), to = chosen(inputs.to);
        if (from && to && ((position[from] !== undefined && position[to] !== undefined) || event.type === "change")) api.path(from, to);
      }
    };
    form.addEventListener("input", update);
    form.addEventListener("change", update);
    form.addEventListener("submit", function (event) { event.preventDefault(); });
    form.querySelector(".view-clear").addEventListener("click", function () { api.clear(); });
    form.hidden = false;
    if (back) back.addEventListener("click", function () { api.open(null); });
    var params = new URLSearchParams(window.location.search);
    if (params.get("open")) api.open(params.get("open"));
    if (params.get("focus")) api.focus(params.get("focus"));
    else if (params.get("from") && params.get("to")) api.path(params.get("from"), params.get("to"));
    return api;
  }

  // The dependency matrix, drawn from modules/architecture.js: only the rows, columns and
  // cells in view (and a margin) are elements, drawn again as the matrix scrolls, so 2,000
  // modules open as fast as 20. Hovering a cell lights its row and column; a click (or
  // Enter) opens the dependency's evidence; Escape closes it.
  var matrix = document.querySelector(".dsm");
  var matrixPanel = document.querySelector(".dsm-evidence");
  if (matrix && matrixPanel && window.strataArchitecture && window.strataArchitecture.modules) {
    var matrixData = window.strataArchitecture;
    var scroller = matrix.parentNode;
    var count = matrixData.modules.length;
    var rowList = matrix.querySelector(".dsm-rows"), columnList = matrix.querySelector(".dsm-columns"), body = matrix.querySelector(".dsm-body");
    var corner = matrix.querySelector(".dsm-corner");
    var cellSize = parseFloat(getComputedStyle(matrix).getPropertyValue("--cell")) || 22;
    // Where each row's cells start in the edges, which come by row, then column.
    var rowStart = new Array(count + 1).fill(0);
    matrixData.edges.forEach(function (edge) { rowStart[edge[0] + 1] += 1; });
    for (var at = 0; at < count; at += 1) rowStart[at + 1] += rowStart[at];
    // Each layer's run of rows: its square on the diagonal.
    var runs = [];
    matrixData.modules.forEach(function (module, row) {
      var last = runs[runs.length - 1];
      if (last && last.group === module[1]) last.count += 1; else runs.push({ group: module[1], start: row, count: 1 });
    });
    var tone = function (group) { return matrixData.groups[group] ? matrixData.groups[group][1] : "tone-none"; };
    var groupName = function (group) { return matrixData.groups[group] ? matrixData.groups[group][0] : "no layer"; };
    var facts = function (edge) {
      var list = [edge[2] ? edge[2] + " import" + (edge[2] === 1 ? "" : "s") : "declared, never imported"];
      if (edge[1] < edge[0]) list.push("against the order");
      if (edge[5]) list.push("on a cycle");
      if (edge[4].length) list.push("breaks " + edge[4].join(", "));
      return list;
    };
    var shown = null, openedEdge = -1, litEdge = -1;
    var draw = function () {
      var labels = corner.offsetWidth, head = corner.offsetHeight;
      var margin = 8;
      var r0 = Math.max(0, Math.floor((scroller.scrollTop - head) / cellSize) - margin);
      var r1 = Math.min(count, Math.ceil((scroller.scrollTop + scroller.clientHeight) / cellSize) + margin);
      var c0 = Math.max(0, Math.floor((scroller.scrollLeft - labels) / cellSize) - margin);
      var c1 = Math.min(count, Math.ceil((scroller.scrollLeft + scroller.clientWidth) / cellSize) + margin);
      var key = [r0, r1, c0, c1].join(" ");
      if (key === shown) return;
      shown = key;
      var rows = [], columns = [], cells = [];
      for (var row = r0; row < r1; row += 1) {
        var module = matrixData.modules[row];
        rows.push('<li class="' + tone(module[1]) + '" style="--i:' + row + '" data-row="' + row + '"><span class="dsm-number">' + (row + 1) + '</span> <a href="' + escapeHTML(module[2]) + '" title="' + escapeHTML(module[0] + " · " + groupName(module[1])) + '">' + escapeHTML(module[0]) + "</a></li>");
      }
      for (var column = c0; column < c1; column += 1) {
        columns.push('<li class="' + tone(matrixData.modules[column][1]) + '" style="--i:' + column + '" data-column="' + column + '" title="' + escapeHTML(matrixData.modules[column][0]) + '">' + (column + 1) + "</li>");
      }
      runs.forEach(function (run) {
        if (run.start + run.count <= Math.max(r0, c0) || run.start >= Math.min(r1, c1)) return;
        cells.push('<div class="dsm-run ' + tone(run.group) + '" style="--start:' + run.start + ";--count:" + run.count + '" title="' + escapeHTML(groupName(run.group)) + '"></div>');
      });
      for (row = r0; row < r1; row += 1) {
        for (var index = rowStart[row]; index < rowStart[row + 1]; index += 1) {
          var edge = matrixData.edges[index];
          if (edge[1] < c0 || edge[1] >= c1) continue;
          var classes = "dsm-cell" + (edge[1] < edge[0] ? " against" : "") + (edge[5] ? " cycle" : "") + (edge[4].length ? " violating" : "")
            + (edge[2] ? "" : " declared-only") + (index === openedEdge ? " is-open" : "");
          var from = matrixData.modules[edge[0]], to = matrixData.modules[edge[1]];
          cells.push('<a class="' + classes + '" style="--r:' + edge[0] + ";--c:" + edge[1] + '" href="' + escapeHTML(from[2]) + '#depends-on" data-edge="' + index
            + '" title="' + escapeHTML(from[0] + " → " + to[0] + ": " + facts(edge).join("; ")) + '">' + (edge[2] ? (edge[2] > 99 ? "99+" : edge[2]) : "·") + "</a>");
        }
      }
      rowList.innerHTML = rows.join("");
      columnList.innerHTML = columns.join("");
      body.innerHTML = cells.join("");
      light(litEdge);
    };
    var light = function (edgeIndex) {
      litEdge = edgeIndex;
      Array.prototype.forEach.call(matrix.querySelectorAll(".is-lit"), function (item) { item.classList.remove("is-lit"); });
      var edge = matrixData.edges[edgeIndex];
      if (!edge) return;
      var row = rowList.querySelector('li[data-row="' + edge[0] + '"]'), column = columnList.querySelector('li[data-column="' + edge[1] + '"]');
      if (row) row.classList.add("is-lit");
      if (column) column.classList.add("is-lit");
    };
    var edgeOf = function (target) {
      var cell = target.closest && target.closest(".dsm-cell");
      return cell ? Number(cell.getAttribute("data-edge")) : -1;
    };
    var pending = false;
    scroller.addEventListener("scroll", function () {
      if (pending) return;
      pending = true;
      requestAnimationFrame(function () { pending = false; draw(); });
    });
    if (window.ResizeObserver) new ResizeObserver(function () { draw(); }).observe(scroller);
    body.addEventListener("mouseover", function (event) { light(edgeOf(event.target)); });
    body.addEventListener("focusin", function (event) { light(edgeOf(event.target)); });
    body.addEventListener("mouseleave", function () { light(openedEdge); });
    var closePanel = function () {
      var cell = body.querySelector('.dsm-cell[data-edge="' + openedEdge + '"]');
      if (cell) cell.classList.remove("is-open");
      openedEdge = -1;
      matrixPanel.hidden = true;
      light(-1);
      if (cell) cell.focus();
    };
    body.addEventListener("click", function (event) {
      var edgeIndex = edgeOf(event.target);
      var edge = matrixData.edges[edgeIndex];
      if (!edge) return;
      event.preventDefault();
      Array.prototype.forEach.call(body.querySelectorAll(".is-open"), function (cell) { cell.classList.remove("is-open"); });
      event.target.closest(".dsm-cell").classList.add("is-open");
      openedEdge = edgeIndex;
      light(edgeIndex);
      var from = matrixData.modules[edge[0]], to = matrixData.modules[edge[1]];
      matrixPanel.innerHTML = '<button type="button" class="dsm-close">Close</button><h2>' + escapeHTML(from[0]) + " → " + escapeHTML(to[0]) + "</h2><p>" + escapeHTML(facts(edge).concat([edge[3]]).join("; ")) + ".</p>"
        + (edge[6].length ? '<ul class="evidence">' + edge[6].map(function (item) { return "<li><code>" + escapeHTML(item[0]) + "</code> " + escapeHTML(item[1]) + "</li>"; }).join("")
          + (edge[7] > edge[6].length ? "<li>and " + (edge[7] - edge[6].length) + " more</li>" : "") + "</ul>" : "")
        + '<p><a href="' + escapeHTML(from[2]) + '#depends-on">Every dependency of ' + escapeHTML(from[0]) + "</a> · " + '<a href="' + escapeHTML(to[2]) + '">' + escapeHTML(to[0]) + "</a></p>";
      matrixPanel.hidden = false;
      matrixPanel.querySelector(".dsm-close").addEventListener("click", closePanel);
    });
    document.addEventListener("keydown", function (event) {
      if (event.key === "Escape" && openedEdge >= 0) closePanel();
    });
    draw();
  }

  // Diagrams: hover or focus a box to see what it uses and what uses it, the rest dimmed;
  // click (or Enter) pins that view, and a second click opens the box's page; Escape or a
  // click on the background unpins. Above a diagram of many boxes, a box finds a module; a
  // diagram wider than its column gets zoom buttons, and then pans by dragging.
  var mapViewsApi = null;
  var mapFrames = [];
  Array.prototype.forEach.call(document.querySelectorAll(".diagram-frame"), function (frame) {
    var svg = frame.querySelector("svg");
    if (!svg) return;
    var nodes = {};
    var names = [];
    var labels = {};
    Array.prototype.forEach.call(svg.querySelectorAll("g.node"), function (node) {
      var title = node.querySelector("title");
      if (!title || nodes[title.textContent]) return;
      nodes[title.textContent] = node;
      names.push(title.textContent);
      // What the box shows, which may differ from its id (`A[FeedService]`, `group:1`).
      labels[title.textContent] = Array.prototype.map.call(node.querySelectorAll("text"), function (text) { return text.textContent; }).join(" ").trim() || title.textContent;
    });
    // An edge's title is "tail->head" (or "tail--head"); names may hold "-", so the split
    // is the one whose two sides are both boxes of the drawing.
    var edges = [];
    Array.prototype.forEach.call(svg.querySelectorAll("g.edge"), function (edge) {
      var title = edge.querySelector("title");
      if (!title) return;
      var text = title.textContent;
      ["->", "--"].some(function (arrow) {
        for (var at = text.indexOf(arrow); at > 0; at = text.indexOf(arrow, at + 1)) {
          // A side is a box's name, which may hold ":" (`group:1`), or a name and a port.
          var box = function (side) {
            while (!nodes[side] && side.lastIndexOf(":") > 0) side = side.slice(0, side.lastIndexOf(":"));
            return side;
          };
          var from = box(text.slice(0, at)), to = box(text.slice(at + arrow.length));
          if (nodes[from] && nodes[to]) {
            edges.push({ element: edge, from: from, to: to, directed: arrow === "->" });
            return true;
          }
        }
        return false;
      });
    });
    var figure = frame.parentNode;
    var status = document.createElement("p");
    status.className = "diagram-status";
    status.setAttribute("aria-live", "polite");
    var pinned = null;
    // The module map's focus and path views, when this is the map (set up once every
    // figure of the map is).
    var views = function () { return figure.classList.contains("diagram-map") ? mapViewsApi : null; };
    var marks = ["is-focus", "is-related", "is-outgoing", "is-incoming"];
    var clear = function () {
      svg.classList.remove("is-focusing");
      Array.prototype.forEach.call(svg.querySelectorAll(".is-focus, .is-related"), function (element) {
        marks.forEach(function (mark) { element.classList.remove(mark); });
      });
    };
    var show = function (name) {
      clear();
      if (!name || !nodes[name]) return;
      svg.classList.add("is-focusing");
      nodes[name].classList.add("is-focus");
      var uses = 0, usedBy = 0, linked = 0;
      edges.forEach(function (edge) {
        if (edge.from !== name && edge.to !== name) return;
        var outgoing = edge.from === name;
        edge.element.classList.add("is-related");
        if (edge.directed) edge.element.classList.add(outgoing ? "is-outgoing" : "is-incoming");
        var other = nodes[outgoing ? edge.to : edge.from];
        if (other) other.classList.add("is-related");
        if (!edge.directed) linked += 1; else if (outgoing) uses += 1; else usedBy += 1;
      });
      return { uses: uses, usedBy: usedBy, linked: linked };
    };
    var pin = function (name) {
      // On the map a click focuses the module: what it reaches and what reaches it.
      if (views()) {
        pinned = name;
        views().focus(name);
        return;
      }
      pinned = name;
      var counts = show(name);
      status.textContent = name ? "Pinned: " + labels[name] + (counts.linked ? " is linked to " + counts.linked : " uses " + counts.uses + " and is used by " + counts.usedBy) + " in this diagram. Click it again to open its page; Escape unpins." : "";
    };
    names.forEach(function (name) {
      var node = nodes[name];
      var idle = function () { return !pinned && !(views() && views().active()); };
      node.addEventListener("mouseenter", function () { if (idle()) show(name); });
      node.addEventListener("mouseleave", function () { if (idle()) show(null); });
      node.addEventListener("focusin", function () { if (idle()) show(name); });
      node.addEventListener("focusout", function () { if (idle()) show(null); });
      node.addEventListener("click", function (event) {
        // On the map of a large graph, a family's box opens the family in place.
        if (node.classList.contains("family") && views()) {
          var link = node.querySelector("a");
          var found = /[?&]open=([^&]*)/.exec(link ? link.getAttribute("href") || link.getAttribute("xlink:href") || "" : "");
          if (found && views().open(decodeURIComponent(found[1])) !== false) {
            event.preventDefault();
            return;
          }
        }
        if (pinned === name) return;
        event.preventDefault();
        pin(name);
      });
    });
    svg.addEventListener("click", function (event) {
      if ((pinned || (views() && views().active())) && !event.target.closest("g.node")) pin(null);
    });
    frame.addEventListener("keydown", function (event) {
      if (event.key === "Escape" && (pinned || (views() && views().active()))) {
        pin(null);
        event.stopPropagation();
      }
    });

    // The bar stands above the drawing from the start, so the frame's size is measured as shown.
    var controls = document.createElement("div");
    controls.className = "diagram-controls";
    figure.insertBefore(controls, frame);
    if (names.length >= 6) {
      var find = document.createElement("input");
      find.type = "search";
      find.className = "diagram-find";
      var ofModules = svg.querySelector("g.node.module") !== null;
      find.placeholder = ofModules ? "Find a module" : "Find a box";
      find.setAttribute("aria-label", ofModules ? "Find a module in the diagram" : "Find a box in the diagram");
      var matches = [];
      find.addEventListener("input", function () {
        var words = find.value.trim().toLowerCase();
        matches = [];
        names.forEach(function (name) {
          var hit = words !== "" && (name.toLowerCase().indexOf(words) >= 0 || labels[name].toLowerCase().indexOf(words) >= 0);
          nodes[name].classList.toggle("is-match", hit);
          if (hit) matches.push(name);
        });
        svg.classList.toggle("is-finding", words !== "");
        status.textContent = words === "" ? "" : matches.length + (matches.length === 1 ? " module matches" : " modules match") + (matches.length ? ": " + matches.slice(0, 8).map(function (name) { return labels[name]; }).join(", ") + (matches.length > 8 ? ", …" : "") + ". Enter goes to the first." : ".");
      });
      find.addEventListener("keydown", function (event) {
        if (event.key !== "Enter" || !matches.length) return;
        event.preventDefault();
        var link = nodes[matches[0]].querySelector("a");
        (link || nodes[matches[0]]).focus();
        nodes[matches[0]].scrollIntoView({ block: "nearest", inline: "nearest" });
      });
      controls.appendChild(find);
    }
    // Zoom. A drawing opens fitted to its frame when its smallest text stays readable
    // (11 px) there, else at its natural size, to pan; the module map always opens fitted to
    // the window, and zooms with the wheel around the pointer (elsewhere, Ctrl and the wheel,
    // which is also a trackpad's pinch).
    var natural = svg.width && svg.width.baseVal ? svg.width.baseVal.value : 0;
    var naturalHeight = svg.height && svg.height.baseVal ? svg.height.baseVal.value : 0;
    var isMap = figure.classList.contains("diagram-map");
    var perUnit = svg.viewBox && svg.viewBox.baseVal && svg.viewBox.baseVal.width ? natural / svg.viewBox.baseVal.width : 4 / 3;
    var smallestText = Infinity;
    Array.prototype.forEach.call(svg.querySelectorAll("text[font-size]"), function (text) {
      var size = parseFloat(text.getAttribute("font-size"));
      if (size > 0 && size < smallestText) smallestText = size;
    });
    smallestText = isFinite(smallestText) ? smallestText * perUnit : 14;
    var frameStyle = window.getComputedStyle(frame);
    var inner = function (size, start, end) { return size - parseFloat(frameStyle[start]) - parseFloat(frameStyle[end]); };
    var fitScale = function () {
      var value = inner(frame.clientWidth, "paddingLeft", "paddingRight") / natural;
      if (isMap && naturalHeight) value = Math.min(value, inner(frame.clientHeight, "paddingTop", "paddingBottom") / naturalHeight);
      return Math.min(1, value);
    };
    if (natural > 0 && (isMap || natural > inner(frame.clientWidth, "paddingLeft", "paddingRight") + 1)) {
      // The map of every module opens fitted to the window; a large graph's map of families
      // opens legible, fitted only where its text stays 11 px.
      var fitted = (isMap && figure.id.indexOf("diagram.map-famil") !== 0) || smallestText * fitScale() >= 11;
      var scale = 1;
      var current = function () { return fitted ? fitScale() : scale; };
      var button = function (text, label, action) {
        var element = document.createElement("button");
        element.type = "button";
        element.className = "diagram-zoom";
        element.textContent = text;
        element.setAttribute("aria-label", label);
        element.addEventListener("click", action);
        controls.appendChild(element);
        return element;
      };
      var apply = function () {
        frame.classList.toggle("actual-size", !fitted);
        svg.style.width = fitted && !isMap ? "" : Math.round(natural * current()) + "px";
        fit.setAttribute("aria-pressed", fitted ? "true" : "false");
        actual.setAttribute("aria-pressed", !fitted && scale === 1 ? "true" : "false");
        frame.setAttribute("data-scale", current().toFixed(3));
      };
      // Zooms to `value`, keeping the drawing's point under (x, y) where it is.
      var zoomAt = function (value, x, y) {
        var before = svg.getBoundingClientRect();
        var fx = before.width ? (x - before.left) / before.width : 0.5, fy = before.height ? (y - before.top) / before.height : 0.5;
        fitted = value <= fitScale() + 1e-6;
        scale = fitted ? 1 : value;
        apply();
        var after = svg.getBoundingClientRect();
        frame.scrollLeft += after.left + fx * after.width - x;
        frame.scrollTop += after.top + fy * after.height - y;
      };
      var atCentre = function (value) {
        var box = frame.getBoundingClientRect();
        zoomAt(value, box.left + box.width / 2, box.top + box.height / 2);
      };
      button("\u2212", "Zoom out", function () { atCentre(Math.max(fitScale(), current() / 1.5)); });
      var fit = button("Fit", isMap ? "Fit to the window" : "Fit to width", function () { fitted = true; apply(); });
      var actual = button("Actual size", "Actual size", function () { atCentre(1); });
      button("+", "Zoom in", function () { atCentre(Math.min(4, current() * 1.5)); });
      apply();
      // Opened at natural size, the frame shows the top layer's modules first, centred.
      if (!fitted) {
        var boxes = names.map(function (name) { return nodes[name].getBoundingClientRect(); });
        var top = Math.min.apply(null, boxes.map(function (box) { return box.top; }));
        var row = boxes.filter(function (box) { return box.top <= top + 2; });
        if (row.length) {
          var left = Math.min.apply(null, row.map(function (box) { return box.left; }));
          var right = Math.max.apply(null, row.map(function (box) { return box.right; }));
          var frameBox = frame.getBoundingClientRect();
          frame.scrollLeft += (left + right) / 2 - (frameBox.left + frameBox.width / 2);
        }
      }
      // The map's frame changes size with the window and with the view's panel: a fitted
      // drawing follows it.
      if (isMap && window.ResizeObserver) new ResizeObserver(function () { if (fitted) apply(); }).observe(frame);
      frame.addEventListener("wheel", function (event) {
        if (!isMap && !event.ctrlKey) return;
        event.preventDefault();
        zoomAt(Math.max(fitScale(), Math.min(4, current() * Math.exp(-event.deltaY * 0.0015))), event.clientX, event.clientY);
      }, { passive: false });
      // Drag the background to pan a diagram larger than its frame.
      var drag = null;
      frame.addEventListener("pointerdown", function (event) {
        if (fitted || event.target.closest("g.node")) return;
        drag = { x: event.clientX, y: event.clientY, left: frame.scrollLeft, top: frame.scrollTop };
        frame.classList.add("is-panning");
      });
      window.addEventListener("pointermove", function (event) {
        if (!drag) return;
        frame.scrollLeft = drag.left - (event.clientX - drag.x);
        frame.scrollTop = drag.top - (event.clientY - drag.y);
      });
      window.addEventListener("pointerup", function () {
        drag = null;
        frame.classList.remove("is-panning");
      });
    }
    if (isMap) mapFrames.push({ figure: figure, svg: svg, nodes: nodes, edges: edges, status: status });
    if (!controls.childNodes.length) figure.removeChild(controls);
    figure.insertBefore(status, frame.nextSibling);
  });
  if (mapFrames.length && window.strataArchitecture) mapViewsApi = mapViews(mapFrames);
})();
