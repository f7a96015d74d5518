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
    input.placeholder = "Filter " + entries.length + " pages";
    input.setAttribute("aria-label", "Filter the " + entries.length + " pages listed below");
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

  // Diagrams: hover or focus a box to see what it uses and what uses it, the rest dimmed;
  // click (or Enter) pins that view, and a second click opens the box's page; Escape or a
  // click on the background unpins. Above a diagram of many boxes, a box finds a module; a
  // diagram wider than its column gets zoom buttons, and then pans by dragging.
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
      pinned = name;
      var counts = show(name);
      status.textContent = name ? "Pinned: " + labels[name] + (counts.linked ? " is linked to " + counts.linked : " uses " + counts.uses + " and is used by " + counts.usedBy) + " in this diagram. Click it again to open its page; Escape unpins." : "";
    };
    names.forEach(function (name) {
      var node = nodes[name];
      node.addEventListener("mouseenter", function () { if (!pinned) show(name); });
      node.addEventListener("mouseleave", function () { if (!pinned) show(null); });
      node.addEventListener("focusin", function () { if (!pinned) show(name); });
      node.addEventListener("focusout", function () { if (!pinned) show(null); });
      node.addEventListener("click", function (event) {
        if (pinned === name) return;
        event.preventDefault();
        pin(name);
      });
    });
    svg.addEventListener("click", function (event) {
      if (pinned && !event.target.closest("g.node")) pin(null);
    });
    frame.addEventListener("keydown", function (event) {
      if (event.key === "Escape" && pinned) {
        pin(null);
        event.stopPropagation();
      }
    });

    var controls = document.createElement("div");
    controls.className = "diagram-controls";
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
    var natural = svg.width && svg.width.baseVal ? svg.width.baseVal.value : 0;
    if (natural > frame.clientWidth + 1) {
      var scale = 0;
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
        frame.classList.toggle("actual-size", scale > 0);
        svg.style.width = scale > 0 ? Math.round(natural * scale) + "px" : "";
        fit.setAttribute("aria-pressed", scale === 0 ? "true" : "false");
        actual.setAttribute("aria-pressed", scale === 1 ? "true" : "false");
      };
      var fitted = function () { return frame.clientWidth / natural; };
      button("\u2212", "Zoom out", function () { scale = Math.max(fitted(), (scale || fitted()) / 1.5); if (scale <= fitted()) scale = 0; apply(); });
      var fit = button("Fit", "Fit to width", function () { scale = 0; apply(); });
      var actual = button("Actual size", "Actual size", function () { scale = 1; apply(); });
      button("+", "Zoom in", function () { scale = Math.min(4, (scale || fitted()) * 1.5); apply(); });
      apply();
      // Drag the background to pan a diagram larger than its frame.
      var drag = null;
      frame.addEventListener("pointerdown", function (event) {
        if (scale === 0 || event.target.closest("g.node")) return;
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
    if (controls.childNodes.length) figure.insertBefore(controls, frame);
    figure.insertBefore(status, frame.nextSibling);
  });
})();
