/* The published pages' script (served from the pages host, /-/lp.js; a page's CSP allows
 * scripts from there only). Its settings are in its tag's data-page (document.py):
 * - the visit, sent once the page has shown (`u=1` on the visitor's first of the day);
 * - the forms' frames sized to what their pages say (form.js's "mailcraft:height");
 * - the pop-up pages the page links: opened by their buttons (a link to #mc-popup-<id>),
 *   after a delay, at a scroll depth or on exit intent, at most `frequency` times in
 *   `duration` days for the automatic ones;
 * - inside a pop-up's frame: the page's height told to the page that opened it. */
(function () {
  "use strict";
  var script = document.currentScript;
  var config = {};
  try {
    config = JSON.parse(script.getAttribute("data-page") || "{}");
  } catch (e) {
    config = {};
  }
  var framed = window.parent !== window;
  var DAY = 86400000;

  function stored(key) {
    try {
      return JSON.parse(window.localStorage.getItem(key) || "null");
    } catch (e) {
      return null;
    }
  }
  function store(key, value) {
    try {
      window.localStorage.setItem(key, JSON.stringify(value));
    } catch (e) {
      /* private mode: nothing is remembered */
    }
  }

  function visit() {
    if (!config.visit) return;
    var today = new Date().toISOString().slice(0, 10);
    var key = "mc-visit-" + config.visit;
    var unique = stored(key) !== today;
    store(key, today);
    var url = config.visit + (unique ? "?u=1" : "");
    if (navigator.sendBeacon) navigator.sendBeacon(url);
    else fetch(url, { method: "POST", keepalive: true });
  }

  function tellHeight() {
    var send = function () {
      window.parent.postMessage(
        { type: "mailcraft:height", height: document.documentElement.scrollHeight },
        window.location.origin
      );
    };
    send();
    if (window.ResizeObserver) new ResizeObserver(send).observe(document.body);
  }

  window.addEventListener("message", function (event) {
    if (event.origin !== window.location.origin) return;
    var data = event.data || {};
    if (data.type !== "mailcraft:height" || typeof data.height !== "number") return;
    var frames = document.querySelectorAll("iframe");
    for (var i = 0; i < frames.length; i++) {
      if (frames[i].contentWindow === event.source) {
        frames[i].style.height = Math.min(data.height, 5000) + "px";
      }
    }
  });

  function shownRecently(popup) {
    var times = (stored("mc-popup-" + popup.id) || []).filter(function (t) {
      return Date.now() - t < popup.duration * DAY;
    });
    return times.length >= popup.frequency;
  }
  function remember(popup) {
    var times = (stored("mc-popup-" + popup.id) || []).filter(function (t) {
      return Date.now() - t < popup.duration * DAY;
    });
    times.push(Date.now());
    store("mc-popup-" + popup.id, times);
  }

  function overlay(popup) {
    var shade = document.createElement("div");
    shade.className = "mc-popup-overlay";
    shade.setAttribute("role", "dialog");
    shade.setAttribute("aria-modal", "true");
    shade.setAttribute("aria-label", "Pop-up");
    shade.hidden = true;
    var s = shade.style;
    s.position = "fixed";
    s.inset = "0";
    s.background = "rgba(0,0,0,.55)";
    s.zIndex = "2147483000";
    s.display = "none";
    s.alignItems = "center";
    s.justifyContent = "center";
    var box = document.createElement("div");
    var b = box.style;
    b.position = "relative";
    b.width = "min(640px, 94vw)";
    b.maxHeight = "90vh";
    b.background = "#fff";
    b.borderRadius = "8px";
    b.overflow = "auto";
    var close = document.createElement("button");
    close.type = "button";
    close.textContent = "\u00d7";
    close.setAttribute("aria-label", "Close");
    var c = close.style;
    c.position = "absolute";
    c.top = "4px";
    c.right = "8px";
    c.border = "0";
    c.background = "transparent";
    c.fontSize = "28px";
    c.cursor = "pointer";
    var frame = document.createElement("iframe");
    frame.src = popup.path + "?popup=1";
    frame.title = "Pop-up";
    frame.className = "mc-popup-frame";
    frame.style.width = "100%";
    frame.style.height = "360px";
    frame.style.border = "0";
    frame.style.display = "block";
    box.appendChild(close);
    box.appendChild(frame);
    shade.appendChild(box);
    document.body.appendChild(shade);
    function hide() {
      shade.hidden = true;
      shade.style.display = "none";
    }
    close.addEventListener("click", hide);
    shade.addEventListener("click", function (event) {
      if (event.target === shade) hide();
    });
    document.addEventListener("keydown", function (event) {
      if (event.key === "Escape") hide();
    });
    return function open(automatic) {
      if (!shade.hidden) return;
      if (automatic) {
        if (shownRecently(popup)) return;
        remember(popup);
      }
      shade.hidden = false;
      shade.style.display = "flex";
      close.focus();
    };
  }

  function arm(popup) {
    var open = overlay(popup);
    if (popup.button) {
      document.addEventListener("click", function (event) {
        var link = event.target.closest && event.target.closest('a[href="#mc-popup-' + popup.id + '"]');
        if (link) {
          event.preventDefault();
          open(false);
        }
      });
    }
    if (typeof popup.delay === "number") {
      window.setTimeout(function () {
        open(true);
      }, popup.delay * 1000);
    }
    if (typeof popup.scroll === "number") {
      var onScroll = function () {
        var room = document.documentElement.scrollHeight - window.innerHeight;
        var depth = room > 0 ? (window.scrollY / room) * 100 : 100;
        if (depth >= popup.scroll) {
          window.removeEventListener("scroll", onScroll);
          open(true);
        }
      };
      window.addEventListener("scroll", onScroll, { passive: true });
    }
    if (popup.exit) {
      document.addEventListener("mouseout", function (event) {
        if (!event.relatedTarget && event.clientY <= 0) open(true);
      });
    }
  }

  (config.popups || []).forEach(arm);
  if (framed) tellHeight();
  if (document.readyState === "complete") visit();
  else window.addEventListener("load", visit);
})();
