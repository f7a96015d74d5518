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
    var current = nav.querySelector("[aria-current=page]");
    if (current && current.scrollIntoView) current.scrollIntoView({ block: "nearest" });
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

  // Diagrams fit the column; a wide one gets a button to see it at its actual size (the
  // frame then scrolls).
  Array.prototype.forEach.call(document.querySelectorAll(".diagram-frame"), function (frame) {
    var svg = frame.querySelector("svg");
    if (!svg || !svg.width || !svg.width.baseVal) return;
    var natural = svg.width.baseVal.value;
    if (natural <= frame.clientWidth + 1) return;
    var button = document.createElement("button");
    button.type = "button";
    button.className = "diagram-zoom";
    var label = function () {
      var actual = frame.classList.contains("actual-size");
      button.textContent = actual ? "Fit to width" : "Actual size";
      button.setAttribute("aria-pressed", actual ? "true" : "false");
    };
    button.addEventListener("click", function () {
      frame.classList.toggle("actual-size");
      label();
    });
    label();
    frame.parentNode.insertBefore(button, frame);
  });
})();
