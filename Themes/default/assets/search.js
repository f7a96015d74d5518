// Strata default theme: search over the index the build writes (search-index.js). The index
// is a script, loaded the first time the reader goes to the search box, so search works
// from disk (file://), under any sub-path and with no server or network.
//
// Keys: "/" (or Ctrl+K / Cmd+K) focuses the box, the arrow keys move through the results,
// Enter opens one. Escape closes the list; pressed again, it empties the box; in an empty
// box, it leaves it.
(function () {
  "use strict";
  var box = document.querySelector(".search");
  var input = box && box.querySelector(".search-input");
  var panel = box && box.querySelector(".search-results");
  var list = box && box.querySelector("[role=listbox]");
  var status = box && box.querySelector(".search-status");
  if (!box || !input || !panel || !list || !status) return;
  var root = box.getAttribute("data-root") || "";

  var KINDS = ["Page", "Section", "Block", "Module", "Layer", "Component", "Type", "Symbol"];
  var LIMIT = 20;
  // Must match SearchTokenizer.stopWords in the build.
  var STOP = new Set(("a an and are as at be but by can do for from has have if in into is it its not of on or so " +
    "than that the their then there these this those to was were when which will with you your").split(" "));
  var SPLIT = /[^\p{Alphabetic}\p{N}]+/u;

  var index = null;      // { docs, terms: [string], postings: [[title, body]] }
  var loading = null;    // a promise while the index loads
  var decoded = new Map();
  var results = [];
  var active = -1;

  box.hidden = false;

  function load() {
    if (index) return Promise.resolve(index);
    if (loading) return loading;
    loading = new Promise(function (resolve, reject) {
      var finish = function () {
        var raw = window.strataSearchIndex;
        if (!raw || raw.version !== 1) { reject(new Error("the search index is missing or of another version")); return; }
        var terms = [], postings = [];
        raw.terms.split("|").forEach(function (entry) {
          var parts = entry.split(" ");
          terms.push(parts[0]);
          postings.push([parts[1] || "", parts[2] || ""]);
        });
        index = { docs: raw.docs, terms: terms, postings: postings };
        resolve(index);
      };
      if (window.strataSearchIndex) { finish(); return; }
      var script = document.createElement("script");
      script.src = box.getAttribute("data-index");
      script.async = true;
      script.onload = finish;
      script.onerror = function () { reject(new Error("the search index could not be loaded")); };
      document.head.appendChild(script);
    });
    loading.catch(function () { loading = null; });
    return loading;
  }

  // The variable-length gap code of SearchIndexWriter: "0-9a-v" end a number, the 32
  // characters after them continue it.
  var DIGITS = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ$_";
  function decode(text) {
    var numbers = [], value = 0, previous = -1;
    for (var i = 0; i < text.length; i++) {
      var digit = DIGITS.indexOf(text.charAt(i));
      if (digit >= 32) { value = value * 32 + digit - 32; continue; }
      value = value * 32 + digit;
      previous = previous < 0 ? value : previous + value + 1;
      numbers.push(previous);
      value = 0;
    }
    return numbers;
  }

  function postingsOf(termIndex) {
    var cached = decoded.get(termIndex);
    if (!cached) {
      var raw = index.postings[termIndex];
      cached = [decode(raw[0]), decode(raw[1])];
      decoded.set(termIndex, cached);
    }
    return cached;
  }

  // The first term not less than `prefix` (terms are sorted as JavaScript compares strings).
  function lowerBound(prefix) {
    var low = 0, high = index.terms.length;
    while (low < high) {
      var middle = (low + high) >> 1;
      if (index.terms[middle] < prefix) low = middle + 1; else high = middle;
    }
    return low;
  }

  // As SearchTokenizer: Unicode NFC, lower case, final sigma as sigma; one-letter words are
  // not indexed (digits are), and stop words count only as the word being typed.
  function tokens(query) {
    var words = query.normalize("NFC").toLowerCase().replace(/\u03c2/g, "\u03c3").split(SPLIT).filter(function (word) {
      return Array.from(word).length > 1 || /\p{N}/u.test(word);
    });
    return words.filter(function (word, position) {
      return position === words.length - 1 || !STOP.has(word);
    });
  }

  // Each word must match (the last one, being typed, as a prefix; the others as a prefix
  // too, when two letters or more). A title match counts more than a text match. A page
  // whose words are spread over its sections is found as the page, below the results that
  // hold every word themselves.
  function search(query) {
    var words = tokens(query);
    if (!words.length) return [];
    var scores = null, pages = null;
    for (var w = 0; w < words.length; w++) {
      var word = words[w];
      var found = new Map();
      var start = lowerBound(word);
      var prefix = word.length >= 2;
      for (var t = start; t < index.terms.length; t++) {
        var term = index.terms[t];
        if (term !== word && !(prefix && term.lastIndexOf(word, 0) === 0)) break;
        var exact = term === word;
        var lists = postingsOf(t);
        var titleScore = exact ? 10 : 6, bodyScore = exact ? 2 : 1;
        lists[0].forEach(function (doc) { if ((found.get(doc) || 0) < titleScore) found.set(doc, titleScore); });
        lists[1].forEach(function (doc) { if ((found.get(doc) || 0) < bodyScore) found.set(doc, bodyScore); });
      }
      if (!found.size && STOP.has(word)) continue;
      var foundPages = new Map();
      found.forEach(function (score, doc) {
        var entry = index.docs[doc];
        var page = entry[0] === 0 || entry[0] === 7 ? doc : entry[0] === 1 ? entry[3] : -1;
        if (page >= 0 && (foundPages.get(page) || 0) < score) foundPages.set(page, score);
      });
      scores = scores === null ? found : intersect(scores, found);
      pages = pages === null ? foundPages : intersect(pages, foundPages);
      if (!scores.size && !pages.size) return [];
    }
    if (!scores) return [];
    var whole = words.join(" ");
    var ranked = [];
    scores.forEach(function (score, doc) {
      var title = index.docs[doc][1].toLowerCase();
      if (title === whole || title.split(SPLIT).join(" ") === whole) score += 40;
      ranked.push({ doc: doc, score: score });
    });
    pages.forEach(function (score, doc) {
      if (!scores.has(doc)) ranked.push({ doc: doc, score: score / 2 });
    });
    ranked.sort(function (a, b) { return b.score - a.score || a.doc - b.doc; });
    return ranked.slice(0, LIMIT).map(function (entry) { return entry.doc; });
  }

  function intersect(scores, found) {
    var next = new Map();
    scores.forEach(function (score, doc) { if (found.has(doc)) next.set(doc, score + found.get(doc)); });
    return next;
  }

  function escapeHTML(text) {
    return String(text).replace(/[&<>"]/g, function (c) { return { "&": "&amp;", "<": "&lt;", ">": "&gt;", "\"": "&quot;" }[c]; });
  }

  function escapeRegExp(text) { return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"); }

  // Marks where a query word starts a word of the text.
  function highlight(text, words) {
    if (!words.length) return escapeHTML(text);
    var pattern = new RegExp("(?<![\\p{Alphabetic}\\p{N}])(" + words.map(escapeRegExp).join("|") + ")", "giu");
    var out = "", last = 0, match;
    while ((match = pattern.exec(text)) !== null) {
      if (match[0].length === 0) { pattern.lastIndex++; continue; }
      out += escapeHTML(text.slice(last, match.index)) + "<mark>" + escapeHTML(match[0]) + "</mark>";
      last = match.index + match[0].length;
    }
    return out + escapeHTML(text.slice(last));
  }

  function hrefOf(doc) {
    var entry = index.docs[doc];
    if (entry[0] === 1) return root + index.docs[entry[3]][2] + entry[2];
    return root + entry[2];
  }

  function names(list) {
    var shown = list.slice(0, 8).map(function (item) { return typeof item === "number" ? index.docs[item][1] : item; });
    var more = list.length - shown.length;
    return shown.join(", ") + (more > 0 ? " and " + more + " more" : "");
  }

  function render(query) {
    var words = tokens(query);
    list.innerHTML = "";
    var previousEmpty = panel.querySelector(".search-empty");
    if (previousEmpty) previousEmpty.remove();
    active = -1;
    input.removeAttribute("aria-activedescendant");
    results.forEach(function (doc, position) {
      var entry = index.docs[doc];
      var kind = entry[0];
      var option = document.createElement("a");
      option.className = "search-result search-kind-" + KINDS[kind].toLowerCase();
      option.id = "search-result-" + position;
      option.href = hrefOf(doc);
      option.setAttribute("role", "option");
      option.setAttribute("aria-selected", "false");
      option.tabIndex = -1;
      var context = kind === 1 ? index.docs[entry[3]][1] : entry[3];
      var html = "<span class=\"search-result-head\"><span class=\"search-kind\">" + KINDS[kind] + "</span>" +
        "<span class=\"search-title\">" + highlight(entry[1], words) + "</span></span>";
      if (context) html += "<span class=\"search-context\">" + escapeHTML(context) + "</span>";
      if (entry[4]) html += "<span class=\"search-excerpt\">" + highlight(entry[4], words) + "</span>";
      if (kind === 3) {
        html += "<span class=\"search-graph\"><span class=\"search-graph-label\">Uses</span> " +
          (entry[5].length ? escapeHTML(names(entry[5])) : "no other module") +
          "<br><span class=\"search-graph-label\">Used by</span> " +
          (entry[6].length ? escapeHTML(names(entry[6])) : "no other module") + "</span>";
      } else if (kind === 6) {
        // A type: what its code names, and what references it (a type, or a file's top-level code).
        html += "<span class=\"search-graph\"><span class=\"search-graph-label\">Uses</span> " +
          (entry[5].length ? escapeHTML(names(entry[5])) : "no other type") +
          "<br><span class=\"search-graph-label\">Referenced by</span> " +
          (entry[6].length ? escapeHTML(names(entry[6])) : "nothing") + "</span>";
      }
      option.innerHTML = html;
      option.addEventListener("mousemove", function () { setActive(position, false); });
      list.appendChild(option);
    });
    var open = query.trim() !== "";
    panel.hidden = !open;
    panel.setAttribute("data-query", query);
    box.classList.toggle("is-open", open);
    input.setAttribute("aria-expanded", open ? "true" : "false");
    if (!open) status.textContent = "";
    else if (!results.length) status.textContent = "No results for \u201c" + query.trim() + "\u201d";
    else status.textContent = results.length === 1 ? "1 result" : (results.length === LIMIT ? "The first " + LIMIT + " results" : results.length + " results");
    if (open && !results.length) {
      var empty = document.createElement("p");
      empty.className = "search-empty";
      empty.textContent = status.textContent;
      panel.appendChild(empty);
    }
    if (results.length) setActive(0, false);
  }

  function setActive(position, scroll) {
    var options = list.querySelectorAll(".search-result");
    if (!options.length) return;
    if (active >= 0 && options[active]) options[active].setAttribute("aria-selected", "false");
    active = (position + options.length) % options.length;
    options[active].setAttribute("aria-selected", "true");
    input.setAttribute("aria-activedescendant", options[active].id);
    if (scroll && options[active].scrollIntoView) options[active].scrollIntoView({ block: "nearest" });
  }

  function update() {
    var query = input.value;
    if (!query.trim()) { results = []; render(""); return; }
    if (!index) status.textContent = "Loading the search index\u2026";
    load().then(function () {
      if (input.value !== query) return;
      results = search(query);
      render(query);
    }, function (error) {
      status.textContent = "Search is unavailable: " + error.message;
    });
  }

  function close() {
    panel.hidden = true;
    box.classList.remove("is-open");
    input.setAttribute("aria-expanded", "false");
  }

  input.addEventListener("focus", function () { load().catch(function () {}); if (input.value.trim()) update(); });
  input.addEventListener("input", update);
  input.addEventListener("keydown", function (event) {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      if (panel.hidden && input.value.trim()) { update(); return; }
      event.preventDefault();
      setActive(active + (event.key === "ArrowDown" ? 1 : -1), true);
    } else if (event.key === "Enter") {
      var options = list.querySelectorAll(".search-result");
      if (!panel.hidden && options[active >= 0 ? active : 0]) {
        event.preventDefault();
        window.location.href = options[active >= 0 ? active : 0].href;
      }
    } else if (event.key === "Escape") {
      if (!panel.hidden) {
        close();
      } else if (input.value) {
        input.value = "";
        results = [];
        render("");
      } else {
        input.blur();
      }
      event.preventDefault();
    }
  });
  document.addEventListener("keydown", function (event) {
    var target = event.target;
    var typing = target && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName));
    var shortcut = (event.key === "/" && !event.ctrlKey && !event.metaKey && !event.altKey) ||
      ((event.key === "k" || event.key === "K") && (event.ctrlKey || event.metaKey));
    if (shortcut && !typing) {
      event.preventDefault();
      input.focus();
      input.select();
    }
  });
  document.addEventListener("click", function (event) {
    if (!box.contains(event.target)) close();
  });
  // Tabbing out of the box closes the list.
  box.addEventListener("focusout", function (event) {
    if (!event.relatedTarget || !box.contains(event.relatedTarget)) close();
  });
})();
