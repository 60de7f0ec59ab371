/**
 * A stand-in for nShift's legacy Delivery Checkout widget script
 * (`https://api.unifaun.com/rs-extapi/v1/delivery-checkouts-widget/unifaun-checkout-all.min.js`),
 * which cannot be loaded from these machines, for walking the real ralph storefront's checkout
 * (ralph-walk.ts). Only what nShift documents and ralph-ui's CaNshift uses
 * (docs/shipping-stand-ins.md N3, [N-widget]): `window.UnifaunCheckout.createAt(element,
 * config)` returning a widget with `updateList(deliveryCheckout)`, `setResult(result)`,
 * `disable()`, `enable()`, and `config.resultCallback(result)` with `valid`,
 * `deliveryCheckoutId`, `selectedOptionId`, `optionIds`, `price`, `agent`, `selectedAddons`,
 * `fields`. The markup is the stand-in's own except the class `unifaun-checkout-selected0`
 * on the selected option, which CaNshift reads (not documented by nShift). Never used outside
 * the walk-through.
 */
export const UNIFAUN_WIDGET_STUB = String.raw`
(function () {
  function leafOptions(options) {
    var out = [];
    (options || []).forEach(function (o) {
      if (o.subOptions && o.subOptions.length) {
        o.subOptions.forEach(function (s) { out.push({ option: s, parent: o }); });
      } else {
        out.push({ option: o, parent: null });
      }
    });
    return out;
  }
  window.UnifaunCheckout = {
    createAt: function (element, config) {
      var data = null;
      var selected = null;
      var agent = null;
      var disabled = false;
      function report() {
        if (!selected) return;
        var entry = leafOptions(data.options).find(function (e) { return e.option.id === selected; });
        if (!entry) return;
        config.resultCallback({
          valid: true,
          deliveryCheckoutId: data.deliveryCheckoutId,
          selectedOptionId: selected,
          optionIds: entry.parent ? [entry.parent.id, selected] : [selected],
          price: entry.option.priceValue || 0,
          agent: agent,
          selectedAddons: [],
          fields: [],
        });
      }
      function render() {
        element.innerHTML = '';
        var list = document.createElement('div');
        list.setAttribute('role', 'radiogroup');
        list.setAttribute('aria-label', 'Leveranssätt');
        leafOptions(data.options).forEach(function (entry, index) {
          var o = entry.option;
          var row = document.createElement('div');
          row.className = 'unifaun-checkout-option' + (o.id === selected ? ' unifaun-checkout-selected0' : '');
          var label = document.createElement('label');
          var input = document.createElement('input');
          input.type = 'radio';
          input.name = 'unifaun-option';
          input.value = o.id;
          input.checked = o.id === selected;
          input.disabled = disabled;
          input.addEventListener('change', function () {
            selected = o.id;
            agent = o.agents && o.agents.length ? o.agents[0].id : null;
            render();
            report();
          });
          label.appendChild(input);
          label.appendChild(document.createTextNode(' ' + o.name + ' – ' + (o.priceDescription || '') + ' (' + (o.description1 || '') + ')'));
          row.appendChild(label);
          if (o.id === selected && o.agents && o.agents.length) {
            var select = document.createElement('select');
            select.setAttribute('aria-label', 'Utlämningsställe');
            select.className = 'unifaun-checkout-agents';
            o.agents.forEach(function (a) {
              var opt = document.createElement('option');
              opt.value = a.id;
              opt.textContent = a.name + ', ' + a.address1 + ', ' + a.city;
              opt.selected = a.id === agent;
              select.appendChild(opt);
            });
            select.addEventListener('change', function () { agent = select.value; report(); });
            row.appendChild(select);
          }
          list.appendChild(row);
        });
        element.appendChild(list);
      }
      return {
        updateList: function (deliveryCheckout) {
          data = deliveryCheckout;
          var leaves = leafOptions(data.options);
          if (!leaves.some(function (e) { return e.option.id === selected; })) {
            var first = leaves[0] && leaves[0].option;
            selected = first ? first.id : null;
            agent = first && first.agents && first.agents.length ? first.agents[0].id : null;
          }
          render();
          report();
        },
        setResult: function (result) {
          if (result && result.selectedOptionId) {
            selected = result.selectedOptionId;
            agent = result.agent || null;
          }
          if (data) render();
        },
        disable: function () { disabled = true; if (data) render(); },
        enable: function () { disabled = false; if (data) render(); },
      };
    },
  };
})();
`;
