/* The public form page's script (served from the pages host, /-/form.js; the page's CSP
 * allows scripts from there only). Three jobs, none of which the server relies on:
 * - the proof of work (ALTCHA's v1 challenge: find the number n with
 *   SHA-256(salt + n) = challenge), solved while the visitor types, sent as `altcha`
 *   (unless the client chose reCAPTCHA, whose own widget is on the page);
 * - multi-step forms: one section at a time, Next checks the step's required fields
 *   ('Please fill {field} ', spec 5.1), Previous goes back; the server checks them all;
 * - inside a website's frame (embed.js): the page's height and its pop-up settings told
 *   to the parent window, which sizes the frame. */
(function () {
  "use strict";
  var form = document.querySelector("form.mc-form[data-fill]");
  var framed = window.parent !== window;

  function tellParent(message) {
    if (framed) window.parent.postMessage(message, "*");
  }

  function watchHeight() {
    if (!framed) return;
    var send = function () {
      tellParent({ type: "mailcraft:height", height: document.documentElement.scrollHeight });
    };
    send();
    if (window.ResizeObserver) new ResizeObserver(send).observe(document.body);
  }

  if (!form) {
    watchHeight();
    return;
  }

  var status = form.querySelector(".mc-check");
  var answer = form.querySelector('input[name="altcha"]');
  var solved = null;
  var waiting = false;

  function hex(buffer) {
    var bytes = new Uint8Array(buffer);
    var out = "";
    for (var i = 0; i < bytes.length; i++) out += (bytes[i] < 16 ? "0" : "") + bytes[i].toString(16);
    return out;
  }

  function solve(challenge) {
    var encoder = new TextEncoder();
    var max = challenge.maxNumber;
    var batch = 500;
    var started = Date.now();
    function from(start) {
      var tries = [];
      for (var n = start; n < Math.min(start + batch, max + 1); n++) {
        tries.push(crypto.subtle.digest("SHA-256", encoder.encode(challenge.salt + n)));
      }
      return Promise.all(tries).then(function (hashes) {
        for (var i = 0; i < hashes.length; i++) {
          if (hex(hashes[i]) === challenge.challenge) return start + i;
        }
        if (start + batch > max) return null;
        return from(start + batch);
      });
    }
    return from(0).then(function (number) {
      if (number === null) return null;
      return btoa(JSON.stringify({
        algorithm: challenge.algorithm,
        challenge: challenge.challenge,
        number: number,
        salt: challenge.salt,
        signature: challenge.signature,
        took: Date.now() - started,
      }));
    });
  }

  // A client that chose reCAPTCHA has Google's widget instead (no challenge here).
  var challenge = form.hasAttribute("data-altcha") ? JSON.parse(form.getAttribute("data-altcha")) : null;
  var solving = !challenge ? Promise.resolve((solved = "none")) : solve(challenge).then(function (payload) {
    solved = payload;
    answer.value = payload || "";
    if (waiting && payload) {
      status.textContent = "";
      form.submit();
    }
  });

  form.addEventListener("submit", function (event) {
    if (!stepCheck(current)) {
      event.preventDefault();
      return;
    }
    if (solved) return;
    event.preventDefault();
    waiting = true;
    status.textContent = form.getAttribute("data-checking") || "Checking you are not a robot…";
    return solving;
  });

  // Multi-step
  var sections = Array.prototype.slice.call(form.querySelectorAll("fieldset.mc-section"));
  var multi = form.hasAttribute("data-multi-step") && sections.length > 1;
  var last = Array.prototype.slice.call(form.querySelectorAll(".mc-choices, .mc-disclaimer"));
  var previous = form.querySelector(".mc-previous");
  var next = form.querySelector(".mc-next");
  var submit = form.querySelector(".mc-submit");
  var fill = form.getAttribute("data-fill") || "Please fill {field} ";
  var current = 0;

  function filled(row) {
    var inputs = row.querySelectorAll("input, select, textarea");
    for (var i = 0; i < inputs.length; i++) {
      var input = inputs[i];
      if (input.type === "checkbox" || input.type === "radio") {
        if (input.checked) return true;
      } else if (input.value.trim() !== "") {
        return true;
      }
    }
    return false;
  }

  function showError(row, text) {
    var error = row.querySelector(".mc-error");
    if (!error) {
      error = document.createElement("p");
      error.className = "mc-error";
      error.setAttribute("role", "alert");
      row.appendChild(error);
    }
    error.textContent = text;
  }

  function stepCheck(index) {
    if (!multi) return true;
    var rows = sections[index].querySelectorAll(".mc-row[data-required]");
    var first = null;
    for (var i = 0; i < rows.length; i++) {
      var error = rows[i].querySelector(".mc-error");
      if (filled(rows[i])) {
        if (error) error.remove();
        continue;
      }
      showError(rows[i], fill.replace("{field}", rows[i].getAttribute("data-label")));
      if (!first) first = rows[i];
    }
    if (first) {
      var input = first.querySelector("input, select, textarea");
      if (input) input.focus();
      return false;
    }
    return true;
  }

  function show(index) {
    current = index;
    sections.forEach(function (section, i) {
      section.hidden = i !== index;
    });
    var atLast = index === sections.length - 1;
    last.forEach(function (part) {
      part.hidden = !atLast;
    });
    previous.hidden = index === 0;
    next.hidden = atLast;
    submit.hidden = !atLast;
  }

  if (multi) {
    // A page answered with errors opens at the first step holding one.
    var start = 0;
    for (var i = 0; i < sections.length; i++) {
      if (sections[i].querySelector(".mc-error")) {
        start = i;
        break;
      }
    }
    show(start);
    next.addEventListener("click", function () {
      if (stepCheck(current)) {
        show(current + 1);
        var focus = sections[current].querySelector("input, select, textarea");
        if (focus) focus.focus();
      }
    });
    previous.addEventListener("click", function () {
      show(current - 1);
    });
  }

  watchHeight();
  if (framed) {
    var popup = form.getAttribute("data-popup");
    tellParent({ type: "mailcraft:ready", popup: popup ? JSON.parse(popup) : null });
  }
})();
