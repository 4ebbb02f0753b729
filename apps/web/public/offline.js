/* global location, addEventListener */
/*
 * The offline page comes back by itself: when the network returns, and once a few seconds after it opens while the
 * device already reports a network (a reload that raced the connection coming up). At most one such retry every 30 s,
 * so a server that is really unreachable does not make the page reload in a loop.
 */
(function () {
  var KEY = 'lingxi-offline-retry';
  var retry = function () {
    location.reload();
  };
  addEventListener('online', retry);
  var last = Number(sessionStorage.getItem(KEY) || 0);
  if (navigator.onLine && Date.now() - last > 30000) {
    setTimeout(function () {
      sessionStorage.setItem(KEY, String(Date.now()));
      retry();
    }, 3000);
  }
})();
