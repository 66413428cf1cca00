// Live pages (bot/web/updates.py): a page whose <main> has data-live="{events address}" listens
// to that Server-Sent Events stream; at each `changed` it fetches itself again and makes every
// element having data-live-part and an id what the element with the same id in the fresh page
// is (attributes, images' src included, and content). Without JavaScript nothing
// happens: the page is complete as served, and a reload shows the latest position.
"use strict";

(() => {
  const main = document.querySelector("main[data-live]");
  if (!main || !("EventSource" in window) || !("fetch" in window)) {
    return;
  }
  let busy = false;
  let again = false;

  // Make `part` what `next` is: its attributes (an image's src too) and its content. The element
  // itself stays, so a screen reader's live region (aria-live) announces the new words.
  function refill(part, next) {
    for (const name of part.getAttributeNames()) {
      if (!next.hasAttribute(name)) {
        part.removeAttribute(name);
      }
    }
    for (const name of next.getAttributeNames()) {
      if (part.getAttribute(name) !== next.getAttribute(name)) {
        part.setAttribute(name, next.getAttribute(name));
      }
    }
    part.replaceChildren(...Array.from(next.childNodes, (node) => document.importNode(node, true)));
  }

  // Refill each live part from the same-id element of the fresh page; a part the fresh page
  // lacks is emptied and hidden (keeping its id, so it can come back).
  function swap(fresh) {
    for (const part of document.querySelectorAll("[data-live-part][id]")) {
      const next = fresh.getElementById(part.id);
      if (next) {
        refill(part, next);
      } else {
        part.replaceChildren();
        part.hidden = true;
      }
    }
    if (fresh.title) {
      document.title = fresh.title;
    }
  }

  // Fetch the page again (once at a time; a change during a fetch asks for one more).
  async function refresh() {
    if (busy) {
      again = true;
      return;
    }
    busy = true;
    try {
      do {
        again = false;
        const response = await fetch(window.location.href, {
          cache: "no-store",
          credentials: "same-origin",
          headers: { Accept: "text/html" },
        });
        if (!response.ok) {
          break;
        }
        const text = await response.text();
        swap(new DOMParser().parseFromString(text, "text/html"));
        main.dataset.liveUpdates = String(Number(main.dataset.liveUpdates || "0") + 1);
      } while (again);
    } catch (error) {
      main.dataset.liveState = "failed";
    } finally {
      busy = false;
    }
  }

  const source = new EventSource(main.dataset.live);
  source.addEventListener("open", () => {
    main.dataset.liveState = "open";
  });
  source.addEventListener("error", () => {
    main.dataset.liveState = "retrying";
  });
  source.addEventListener("changed", refresh);
  // Leaving the page ends the stream at once rather than when the server next writes.
  window.addEventListener("pagehide", () => source.close());
})();
