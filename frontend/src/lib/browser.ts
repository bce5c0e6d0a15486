// Kept apart so tests can replace full-page reloads, which jsdom cannot perform.
export function reloadPage(): void {
  window.location.reload();
}
