// Step a game's replay with the keyboard: the left and right arrow keys follow the page's
// own "previous" and "next" links (which work without this file too).
"use strict";
document.addEventListener("keydown", (event) => {
  if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) {
    return;
  }
  const target = event.target;
  if (target instanceof HTMLElement
      && (target.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName))) {
    return;
  }
  const step = { ArrowLeft: "prev", ArrowRight: "next" }[event.key];
  const link = step && document.querySelector(`a[data-step="${step}"]`);
  if (link) {
    event.preventDefault();
    link.click();
  }
});
