/**
 * The browser stub of Stripe.js that the Stripe stand-in serves at `/endive/stripe.js` (and
 * `/v3/`), for Playwright journeys that route `https://js.stripe.com/**` to it
 * (docs/payment-stand-ins.md S6, S8). It imitates only what our page uses: `Stripe(pk)`,
 * `elements({ clientSecret })`, `elements.create('payment')` with mount/on/unmount/destroy,
 * `elements.submit()` and `confirmPayment()` (surface after the Stripe.js reference and
 * @stripe/stripe-js 10.2.1's types, which load `https://js.stripe.com/endive/stripe.js`).
 *
 * Deviations: the Payment Element renders into the page's own DOM (no iframe), in Swedish, with a
 * card number field only (Swish and Klarna need none); test numbers map to the stand-in's tokens.
 * Klarna confirms with `payment_method_data[type]=klarna` and follows the intent's
 * `next_action.redirect_to_url` to the stand-in's Klarna page, which comes back to `return_url`. The source has no eval and
 * sets no style attributes, so it runs under a strict CSP.
 */

const REFERENCE =
  'Stripe.js reference docs.stripe.com/js (payment_element, confirm_payment) and @stripe/stripe-js 10.2.1 types (dist/stripe-js/*.d.ts)';

/** The card numbers the stub knows (spaces ignored) and the stand-in's token for each. */
export const STUB_CARDS: Record<string, string> = {
  '4242424242424242': 'pm_card_visa',
  '4000000000000002': 'pm_card_chargeDeclined',
};

/** The JavaScript source of the stub, calling the stand-in's API at `apiUrl`. */
export function stripeJsStub(apiUrl: string): string {
  const config = JSON.stringify({ api: apiUrl, cards: STUB_CARDS }).replace(/</g, '\\u003c');
  return `/* Stripe.js stub after ${REFERENCE} */
(function () {
  'use strict';
  var CONFIG = ${config};
  var counter = 0;

  function form(params) {
    var parts = [];
    (function add(prefix, value) {
      if (value === undefined || value === null) return;
      if (typeof value === 'object') {
        Object.keys(value).forEach(function (k) { add(prefix ? prefix + '[' + k + ']' : k, value[k]); });
      } else {
        parts.push(encodeURIComponent(prefix) + '=' + encodeURIComponent(String(value)));
      }
    })('', params);
    return parts.join('&');
  }

  function call(method, path, params) {
    var url = CONFIG.api + path;
    var init = { method: method, headers: {} };
    if (method === 'GET') url += '?' + form(params);
    else {
      init.headers['Content-Type'] = 'application/x-www-form-urlencoded';
      init.body = form(params);
    }
    return fetch(url, init).then(function (res) {
      return res.json().then(function (body) { return { status: res.status, body: body }; });
    }, function () {
      return { status: 0, body: { error: { type: 'api_connection_error', message: 'Stripe stand-in not reachable.' } } };
    });
  }

  function intentId(clientSecret) {
    return String(clientSecret).split('_secret_')[0];
  }

  function el(tag, attrs, text) {
    var node = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (k) { node.setAttribute(k, attrs[k]); });
    if (text) node.textContent = text;
    return node;
  }

  function PaymentElement(elements) {
    var handlers = {};
    var root = null;
    var number = null;
    var errorText = null;
    var method = 'card';
    var self = this;

    function emit(type, event) {
      (handlers[type] || []).forEach(function (h) { h(event); });
    }
    function digits() { return number ? number.value.replace(/\\s+/g, '') : ''; }
    function changed() {
      var empty = method === 'card' ? digits() === '' : false;
      emit('change', { elementType: 'payment', empty: empty, complete: method !== 'card' || Object.prototype.hasOwnProperty.call(CONFIG.cards, digits()), collapsed: false, value: { type: method } });
    }
    function showError(message) {
      if (!errorText) return;
      errorText.textContent = message || '';
      if (number) {
        if (message && method === 'card') number.setAttribute('aria-invalid', 'true');
        else number.removeAttribute('aria-invalid');
      }
    }

    function render(types) {
      var id = 'stripe-stand-in-' + (++counter);
      var fieldset = el('fieldset', {});
      fieldset.appendChild(el('legend', {}, 'Betalsätt'));
      var cardPanel = el('div', { 'data-method': 'card' });
      var swishPanel = el('div', { 'data-method': 'swish' });
      var klarnaPanel = el('div', { 'data-method': 'klarna' });
      var offered = [['card', 'Kort'], ['swish', 'Swish'], ['klarna', 'Klarna']].filter(function (m) { return types.indexOf(m[0]) >= 0; });
      method = offered.length ? offered[0][0] : 'card';
      offered.forEach(function (m) {
        var label = el('label', {});
        var radio = el('input', { type: 'radio', name: id + '-method', value: m[0] });
        radio.checked = m[0] === method;
        radio.addEventListener('change', function () {
          if (!radio.checked) return;
          method = m[0];
          cardPanel.hidden = method !== 'card';
          swishPanel.hidden = method !== 'swish';
          klarnaPanel.hidden = method !== 'klarna';
          showError('');
          changed();
        });
        label.appendChild(radio);
        label.appendChild(document.createTextNode(' ' + m[1]));
        fieldset.appendChild(label);
      });
      root.appendChild(fieldset);
      cardPanel.appendChild(el('label', { for: id + '-number' }, 'Kortnummer'));
      number = el('input', { id: id + '-number', type: 'text', inputmode: 'numeric', autocomplete: 'cc-number', 'aria-describedby': id + '-error' });
      number.addEventListener('input', function () { showError(''); changed(); });
      cardPanel.appendChild(number);
      swishPanel.appendChild(el('p', {}, 'Du godkänner betalningen i Swish-appen.'));
      klarnaPanel.appendChild(el('p', {}, 'Du skickas vidare till Klarna för att godkänna betalningen.'));
      klarnaPanel.hidden = method !== 'klarna';
      cardPanel.hidden = method !== 'card' || types.indexOf('card') < 0;
      swishPanel.hidden = method !== 'swish';
      if (types.indexOf('card') >= 0) root.appendChild(cardPanel);
      if (types.indexOf('swish') >= 0) root.appendChild(swishPanel);
      if (types.indexOf('klarna') >= 0) root.appendChild(klarnaPanel);
      errorText = el('p', { id: id + '-error', role: 'alert' });
      root.appendChild(errorText);
    }

    this.mount = function (target) {
      var node = typeof target === 'string' ? document.querySelector(target) : target;
      if (!node) throw new Error('Stripe stand-in stub: mount target not found: ' + target);
      root = el('div', { 'data-stripe-stand-in': 'payment-element' });
      root.appendChild(el('p', { 'aria-live': 'polite' }, 'Laddar betalsätt…'));
      node.appendChild(root);
      var mounted = root;
      call('GET', '/v1/payment_intents/' + encodeURIComponent(intentId(elements.clientSecret)), { client_secret: elements.clientSecret, key: elements.key }).then(function (answer) {
        if (root !== mounted) return;
        root.textContent = '';
        if (answer.status !== 200) {
          root.appendChild(el('p', { role: 'alert' }, 'Betalsätten kunde inte laddas.'));
          emit('loaderror', { elementType: 'payment', error: answer.body.error });
          return;
        }
        render(answer.body.payment_method_types || []);
        emit('ready', { elementType: 'payment' });
      });
    };
    this.on = function (type, handler) { (handlers[type] = handlers[type] || []).push(handler); return self; };
    this.off = function (type, handler) { handlers[type] = (handlers[type] || []).filter(function (h) { return h !== handler; }); return self; };
    this.focus = function () { if (number) number.focus(); };
    this.unmount = function () { if (root && root.parentNode) root.parentNode.removeChild(root); root = null; number = null; errorText = null; };
    this.destroy = function () { self.unmount(); handlers = {}; elements._element = null; };
    /** What confirm sends, or a validation error (an empty card number, an unknown one). */
    this._collect = function () {
      if (!root || !errorText) return { error: { type: 'validation_error', code: 'incomplete', message: 'Betalsätten har inte laddats än.' } };
      if (method === 'swish' || method === 'klarna') return { data: { payment_method_data: { type: method } } };
      var n = digits();
      var error = n === '' ? { type: 'validation_error', code: 'incomplete_number', message: 'Ange kortnumret.' }
        : !Object.prototype.hasOwnProperty.call(CONFIG.cards, n) ? { type: 'validation_error', code: 'invalid_number', message: 'Kortnumret är ogiltigt.' } : null;
      showError(error ? error.message : '');
      return error ? { error: error } : { data: { payment_method: CONFIG.cards[n] } };
    };
    this._method = function () { return method; };
  }

  function Elements(key, options) {
    this.key = key;
    this.clientSecret = options.clientSecret;
    this._element = null;
    var self = this;
    this.create = function (type) {
      if (type !== 'payment') throw new Error('Stripe stand-in stub: only the payment element is simulated, not ' + type);
      self._element = new PaymentElement(self);
      return self._element;
    };
    this.getElement = function (type) { return type === 'payment' ? self._element : null; };
    this.submit = function () {
      if (!self._element) return Promise.resolve({ error: { type: 'validation_error', message: 'Inget betalformulär.' } });
      var collected = self._element._collect();
      return Promise.resolve(collected.error ? { error: collected.error } : { selectedPaymentMethod: self._element._method() });
    };
    this.update = function () {};
  }

  function Stripe(key, options) {
    if (typeof key !== 'string' || key.indexOf('pk_') !== 0) throw new Error('Stripe stand-in stub: a publishable key (pk_…) is required');
    return {
      _options: options || {},
      _registerWrapper: function () {},
      elements: function (opts) { return new Elements(key, opts || {}); },
      confirmPayment: function (opts) {
        var elements = opts.elements;
        var params = opts.confirmParams || {};
        var element = elements && elements._element;
        if (!element) return Promise.resolve({ error: { type: 'validation_error', message: 'Inget betalformulär.' } });
        var collected = element._collect();
        if (collected.error) return Promise.resolve({ error: collected.error });
        var secret = opts.clientSecret || elements.clientSecret;
        var id = intentId(secret);
        var body = Object.assign({ client_secret: secret, key: key, return_url: params.return_url }, collected.data);
        return call('POST', '/v1/payment_intents/' + encodeURIComponent(id) + '/confirm', body).then(function (answer) {
          if (answer.status !== 200) {
            var e = (answer.body && answer.body.error) || { type: 'api_error', message: 'Okänt fel.' };
            return { error: { type: e.type, code: e.code, decline_code: e.decline_code, message: e.message, payment_intent: e.payment_intent } };
          }
          var intent = answer.body;
          // A redirect method (Klarna): to its page, which comes back to return_url (S6).
          var next = intent.next_action;
          if (intent.status === 'requires_action' && next && next.type === 'redirect_to_url') {
            window.location.href = next.redirect_to_url.url;
            return new Promise(function () {});
          }
          if (opts.redirect === 'if_required' && element._method() === 'card') return { paymentIntent: intent };
          var target = new URL(params.return_url, window.location.href);
          target.searchParams.set('payment_intent', intent.id);
          target.searchParams.set('payment_intent_client_secret', secret);
          target.searchParams.set('redirect_status', 'succeeded');
          window.location.href = target.href;
          return new Promise(function () {});
        });
      },
    };
  }
  Stripe.version = 'endive';
  window.Stripe = Stripe;
})();
`;
}
