// The host-page checks of tests/hosts/pages.ts as one plain script, for drivers of other engines
// (tests/hosts/engines.ts: Firefox ESR over WebDriver BiDi, WebKitGTK over WebKitWebDriver). The
// page server puts it first into every page's <head>: it notes console errors and uncaught
// exceptions from the start, stores the starting cart, and offers `window.tlHost`, whose
// functions the driver calls through the engine's script evaluation. Each returns plain data.
(function () {
  if (window.tlHost) return;
  var errors = [];
  var log = console.error;
  console.error = function () {
    errors.push('console: ' + Array.prototype.map.call(arguments, String).join(' '));
    return log.apply(console, arguments);
  };
  window.addEventListener('error', function (e) {
    errors.push('uncaught: ' + (e.error ? String(e.error) : e.message));
  });
  window.addEventListener('unhandledrejection', function (e) {
    errors.push('uncaught (in promise): ' + String(e.reason));
  });
  var CART_KEY = 'tischlein:cart:demo';
  try {
    var start = document.currentScript && document.currentScript.getAttribute('data-cart');
    if (start && !localStorage.getItem(CART_KEY)) localStorage.setItem(CART_KEY, start);
  } catch (e) {
    /* no storage */
  }

  function root(tag) {
    var el = document.querySelector(tag);
    return el && el.shadowRoot;
  }
  function visible(el) {
    if (!el) return false;
    var r = el.getBoundingClientRect();
    var s = getComputedStyle(el);
    return r.width > 0 && r.height > 0 && s.visibility !== 'hidden' && s.display !== 'none';
  }
  function byText(scope, selector, text) {
    if (!scope) return null;
    var all = scope.querySelectorAll(selector);
    for (var i = 0; i < all.length; i++) if (all[i].textContent.trim() === text && visible(all[i])) return all[i];
    return null;
  }
  // a tap as a guest's: the element scrolled into view, nothing else at its centre, then clicked
  function tap(el) {
    if (!el) return 'missing';
    el.scrollIntoView({ block: 'center', behavior: 'instant' });
    var r = el.getBoundingClientRect();
    var x = r.left + r.width / 2;
    var y = r.top + r.height / 2;
    var scope = el.getRootNode();
    var hit = scope.elementFromPoint ? scope.elementFromPoint(x, y) : document.elementFromPoint(x, y);
    if (!hit || (hit !== el && !el.contains(hit))) return 'covered by ' + (hit ? hit.outerHTML.slice(0, 80) : 'nothing');
    el.click();
    return 'ok';
  }
  function stickyBottom() {
    var el = document.querySelector('[data-tl-sticky]');
    return el ? Math.max(0, el.getBoundingClientRect().bottom) : 0;
  }
  function street() {
    var r = root('tischlein-checkout:not([data-sheet])');
    if (!r) return null;
    var inputs = r.querySelectorAll('input');
    for (var i = 0; i < inputs.length; i++) {
      var names = [inputs[i].getAttribute('aria-label') || ''];
      var labels = inputs[i].labels || [];
      for (var j = 0; j < labels.length; j++) names.push(labels[j].textContent.trim().replace(/\s*\*$/, ''));
      if (names.indexOf('Straße') >= 0) return inputs[i];
    }
    return null;
  }

  window.tlHost = {
    errors: function () {
      return errors.slice();
    },
    cartUnits: function () {
      return JSON.parse(localStorage.getItem(CART_KEY) || '[]').reduce(function (n, l) {
        return n + l.amount;
      }, 0);
    },
    // the live menu is there: a dish, and no server-rendered first view any more
    ready: function () {
      var r = root('tischlein-menu');
      return !!r && visible(r.querySelector('.menu-dish')) && !r.querySelector('[data-tl-prerender]');
    },
    box: function () {
      var el = document.querySelector('tischlein-menu');
      var r = el.getBoundingClientRect();
      var p = el.closest('[data-tl-box]').getBoundingClientRect();
      var d = document.documentElement;
      return { left: r.left - p.left, right: p.right - r.right, overflow: d.scrollWidth - d.clientWidth };
    },
    overflow: function () {
      return document.documentElement.scrollWidth - document.documentElement.clientWidth;
    },
    tapAdd: function () {
      return tap(root('tischlein-menu').querySelector('.menu-dish__add'));
    },
    // the dish dialog's 'IN DEN WARENKORB': its place in this window (null: no dialog)
    dialogAdd: function () {
      var b = byText(root('tischlein-menu').querySelector('dialog[open]'), 'button', 'IN DEN WARENKORB');
      if (!b) return null;
      var r = b.getBoundingClientRect();
      return { top: r.top, bottom: r.bottom };
    },
    tapDialogAdd: function () {
      return tap(byText(root('tischlein-menu').querySelector('dialog[open]'), 'button', 'IN DEN WARENKORB'));
    },
    dialogOpen: function () {
      return !!root('tischlein-menu').querySelector('dialog[open]');
    },
    lightColours: function () {
      var r = root('tischlein-menu');
      var dialog = r.querySelector('dialog[open]');
      var radio = dialog && dialog.querySelector('input[type="radio"]');
      return {
        dialogBg: dialog ? getComputedStyle(dialog).backgroundColor : null,
        radioScheme: radio ? getComputedStyle(radio).colorScheme : null,
        heading: getComputedStyle(r.querySelector('.menu-category h2')).color,
        menuBg: getComputedStyle(r.querySelector('.tl-menu')).backgroundColor,
        searchBg: getComputedStyle(r.querySelector('.menu-search input')).backgroundColor,
        searchScheme: getComputedStyle(r.querySelector('.menu-search input')).colorScheme,
      };
    },
    // scrolled into the menu: the category bar's top and the page header's bottom
    stickyBar: function () {
      var r = root('tischlein-menu');
      r.querySelectorAll('.menu-category')[2].scrollIntoView({ block: 'nearest', behavior: 'instant' });
      window.scrollBy({ top: 200, behavior: 'instant' });
      return { header: stickyBottom() };
    },
    stickyBarTop: function () {
      return Math.round(root('tischlein-menu').querySelector('.menu-nav').getBoundingClientRect().top);
    },
    // 'ZUR KASSE': the full cart's own, or the cart button's dialog's (opened first)
    tapCheckout: function () {
      var r = root('tischlein-cart');
      var inline = byText(r.querySelector('.cart-full'), 'button', 'ZUR KASSE');
      if (inline) return tap(inline);
      var dialog = r.querySelector('dialog[open]');
      if (dialog) return tap(byText(dialog, 'button', 'ZUR KASSE')) === 'ok' ? 'ok' : 'waiting';
      tap(r.querySelector('button.cart-button'));
      return 'waiting';
    },
    // where the checkout and its 'Straße' are (null: not yet)
    checkout: function () {
      var field = street();
      if (!visible(field)) return null;
      var el = document.querySelector('tischlein-checkout:not([data-sheet])');
      var bar = root('tischlein-cart').querySelector('.cart-bar');
      var d = document.documentElement;
      return {
        top: el.getBoundingClientRect().top,
        header: stickyBottom(),
        atEnd: window.scrollY >= d.scrollHeight - window.innerHeight - 1,
        field: { top: field.getBoundingClientRect().top, bottom: field.getBoundingClientRect().bottom },
        barTop: visible(bar) ? bar.getBoundingClientRect().top : window.innerHeight,
      };
    },
    oneColumn: function () {
      var r = root('tischlein-checkout:not([data-sheet])');
      var lines = function (n) {
        var range = document.createRange();
        range.selectNodeContents(n);
        var tops = {};
        Array.prototype.forEach.call(range.getClientRects(), function (x) {
          tops[Math.round(x.top)] = 1;
        });
        return Object.keys(tops).length;
      };
      return {
        direction: getComputedStyle(r.querySelector('.co-columns')).flexDirection,
        amountsOnOneLine: Array.prototype.every.call(r.querySelectorAll('.co-amount'), function (a) {
          return lines(a) === 1;
        }),
        // on one line, or at least 120 px wide: not broken into syllables
        namesWhole: Array.prototype.every.call(r.querySelectorAll('.co-lines li > span:first-child'), function (n) {
          return lines(n) === 1 || n.getBoundingClientRect().width >= 120;
        }),
      };
    },
    // the loader's script URLs for a foreign file and for one of its own folder
    policyUrls: function (own) {
      var url = window.__tischlein.url;
      return [String(url('https://evil.example/x.js')), String(url(own))];
    },
    // at the page's end: how far the page's footer reaches below the top of the phones' cart bar (null: no bar)
    footerBelowBar: function () {
      var bar = root('tischlein-cart').querySelector('.cart-bar');
      var footers = document.querySelectorAll('footer');
      if (!visible(bar) || !footers.length) return null;
      window.scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' });
      return footers[footers.length - 1].getBoundingClientRect().bottom - bar.getBoundingClientRect().top;
    },
  };
})();
