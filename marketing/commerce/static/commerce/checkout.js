// The checkout page's script (marketing/commerce/views.py): Stripe.js's card element,
// then start (the server makes the customer and a SetupIntent), confirm the card on it
// in the browser, and pay. Every refusal is shown in the page's alert.
(function () {
  "use strict";
  var form = document.getElementById("checkout");
  if (!form || typeof Stripe === "undefined") return;
  var stripe = Stripe(form.dataset.key);
  var card = stripe.elements().create("card");
  card.mount("#card");
  var alertBox = document.getElementById("message");
  var tabs = form.querySelectorAll(".mc-tab");
  function show(n) {
    if (form.dataset.layout !== "multipleTabs") return;
    tabs.forEach(function (tab) { tab.hidden = tab.dataset.tab !== String(n); });
  }
  show(1);
  var next = form.querySelector("[data-next]");
  if (next) next.addEventListener("click", function () { show(2); });
  var previous = form.querySelector("[data-previous]");
  if (previous) previous.addEventListener("click", function () { show(1); });

  function post(url, body) {
    return fetch(url, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
    }).then(function (response) {
      return response.json().then(function (data) {
        if (!response.ok) throw data;
        return data;
      });
    });
  }
  function fail(error) {
    var text = (error && error.message) || "Something went wrong.";
    if (error && error.errors) {
      var first = Object.keys(error.errors)[0];
      if (first) text = error.errors[first][0];
    }
    alertBox.textContent = text;
    button.disabled = false;
  }
  var button = form.querySelector("button[type=submit]");
  form.addEventListener("submit", function (event) {
    event.preventDefault();
    alertBox.textContent = "";
    button.disabled = true;
    var data = {};
    new FormData(form).forEach(function (value, key) { data[key] = value; });
    var token = form.dataset.token;
    post(form.dataset.start, { token: token, data: data })
      .then(function (started) {
        if (started.paid) return { paid: true };
        return stripe.confirmCardSetup(started.clientSecret, { payment_method: { card: card } })
          .then(function (result) {
            if (result.error) throw { message: result.error.message };
            return post(form.dataset.pay, { token: token });
          });
      })
      .then(function () { window.location.assign(form.dataset.done + "?t=" + encodeURIComponent(token)); })
      .catch(fail);
  });
})();
