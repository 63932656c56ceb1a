/**
 * Leaves the app for a full page load of `url` (the server's billing pages, the sign-in page after a session
 * ended). One function for it so tests replace it with vi.mock: jsdom's `window.location` cannot be
 * redefined, and the web tests run in VM contexts where stubbing the global is refused too.
 */
export function leavePage(url: string) {
  window.location.assign(url)
}
