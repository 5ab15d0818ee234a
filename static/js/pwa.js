// On every page: register the service worker where the browser allows one (HTTPS, or
// localhost), so table pages keep working offline and the site can be installed. Over
// plain HTTP on a home network browsers allow neither; the table page's outbox still
// keeps hands typed offline.
const url = document.querySelector("meta[name=mj-service-worker]")?.content;
if (url && "serviceWorker" in navigator && window.isSecureContext) {
  navigator.serviceWorker.register(url).catch(() => {
    // Refused (private mode, storage off): the site works without it.
  });
}
