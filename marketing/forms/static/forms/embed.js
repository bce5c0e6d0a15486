/* The embed script a client puts on its website (/embeddedTrackingCode):
 *   <script src="https://PAGES_HOST/-/embed.js" data-form="/<client>/pf/<key>"
 *           data-height="612" data-title="Join us"></script>
 * It mounts the form in a frame from the pages host, so the site's CSS cannot reach the
 * form and the form's cannot reach the site; it makes no request but the frame's, adds
 * no inline script or style attribute (a site's strict CSP needs only script-src and
 * frame-src for the pages host), and reserves the frame's height where the tag stands
 * (no layout shift; the frame only grows, when the form tells it its height).
 *
 * A pop-up form's tag carries data-popup; its published settings, told by the frame once
 * loaded, say when it shows over the page: once a trigger fires (seconds after the page
 * opened, a share of the page scrolled, the pointer leaving the window), at most
 * `frequency` times in `duration` days for one visitor (counted in the site's
 * localStorage, no cookie). */
(function () {
  "use strict";
  var script = document.currentScript;
  if (!script || !script.getAttribute("data-form")) return;
  var origin = new URL(script.src).origin;
  var path = script.getAttribute("data-form");
  var reserved = parseInt(script.getAttribute("data-height"), 10) || 600;
  var source = encodeURIComponent(location.href.split("#")[0]);

  var frame = document.createElement("iframe");
  frame.src = origin + path + "?embed=1&source=" + source;
  frame.title = script.getAttribute("data-title") || "Form";
  frame.setAttribute("width", "100%");
  frame.setAttribute("height", String(reserved));
  frame.setAttribute("frameborder", "0");
  frame.style.display = "block";
  frame.style.width = "100%";
  frame.style.maxWidth = "100%";
  frame.style.border = "0";
  frame.style.height = reserved + "px";

  var overlay = null;
  var shownKey = "mailcraft-popup:" + path;

  function growTo(height) {
    if (height > reserved) {
      reserved = height;
      frame.style.height = height + "px";
      frame.setAttribute("height", String(height));
    }
  }

  function shows() {
    try {
      return JSON.parse(localStorage.getItem(shownKey) || "[]");
    } catch (e) {
      return [];
    }
  }

  function mayShow(popup) {
    var since = Date.now() - popup.duration * 86400000;
    return shows().filter(function (at) { return at > since; }).length < popup.frequency;
  }

  function close() {
    if (overlay) overlay.style.display = "none";
  }

  function open() {
    if (!overlay || overlay.style.display !== "none") return;
    var list = shows();
    list.push(Date.now());
    try {
      localStorage.setItem(shownKey, JSON.stringify(list.slice(-20)));
    } catch (e) { /* private mode: shown, not counted */ }
    overlay.style.display = "flex";
    frame.focus();
  }

  function overlayBuild() {
    overlay = document.createElement("div");
    overlay.setAttribute("role", "dialog");
    overlay.setAttribute("aria-modal", "true");
    overlay.setAttribute("aria-label", frame.title);
    var s = overlay.style;
    s.display = "none";
    s.position = "fixed";
    s.inset = "0";
    s.zIndex = "2147483000";
    s.background = "rgba(0,0,0,0.5)";
    s.alignItems = "center";
    s.justifyContent = "center";
    var box = document.createElement("div");
    box.style.position = "relative";
    box.style.width = "min(560px, 94vw)";
    box.style.maxHeight = "90vh";
    box.style.overflow = "auto";
    box.style.background = "#fff";
    box.style.borderRadius = "8px";
    var shut = document.createElement("button");
    shut.type = "button";
    shut.textContent = "\u00d7";
    shut.setAttribute("aria-label", "Close");
    shut.style.position = "absolute";
    shut.style.top = "4px";
    shut.style.right = "8px";
    shut.style.font = "24px/1 sans-serif";
    shut.style.background = "transparent";
    shut.style.border = "0";
    shut.style.cursor = "pointer";
    shut.addEventListener("click", close);
    overlay.addEventListener("click", function (event) {
      if (event.target === overlay) close();
    });
    document.addEventListener("keydown", function (event) {
      if (event.key === "Escape") close();
    });
    box.appendChild(shut);
    box.appendChild(frame);
    overlay.appendChild(box);
    document.body.appendChild(overlay);
  }

  function arm(popup) {
    var allowed = mayShow(popup);
    overlay.setAttribute("data-popup", allowed ? "armed" : "shown-enough");
    if (!allowed) return;
    if (popup.delaySeconds !== null && popup.delaySeconds !== undefined) {
      setTimeout(open, popup.delaySeconds * 1000);
    }
    if (popup.scrollPercent) {
      window.addEventListener("scroll", function () {
        var seen = (window.scrollY + window.innerHeight) / document.documentElement.scrollHeight;
        if (seen * 100 >= popup.scrollPercent) open();
      }, { passive: true });
    }
    if (popup.exitIntent) {
      document.addEventListener("mouseout", function (event) {
        if (!event.relatedTarget && event.clientY <= 0) open();
      });
    }
  }

  window.addEventListener("message", function (event) {
    if (event.origin !== origin || event.source !== frame.contentWindow) return;
    var data = event.data || {};
    if (data.type === "mailcraft:height" && typeof data.height === "number") {
      growTo(Math.min(data.height, 5000));
    } else if (data.type === "mailcraft:ready" && overlay && !armed && data.popup) {
      armed = true;
      arm(data.popup);
    }
  });

  // A pop-up's frame waits, hidden, in its overlay (moving a frame would reload it);
  // a form in the page takes its reserved place where the tag stands.
  var armed = false;
  if (script.hasAttribute("data-popup")) {
    if (document.body) overlayBuild();
    else document.addEventListener("DOMContentLoaded", overlayBuild);
  } else {
    script.parentNode.insertBefore(frame, script.nextSibling);
  }
})();
