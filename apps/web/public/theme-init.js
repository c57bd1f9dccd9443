// Fleetdeck: applies the saved theme (or the system's) before the first paint, so dark-mode users never see a white flash.
// Keep in sync with src/lib/theme.ts (same storage key and values).
/* global window, document */
(function () {
  var theme = 'system';
  try {
    var saved = window.localStorage.getItem('fleetdeck:theme');
    if (saved === 'light' || saved === 'dark' || saved === 'system') theme = saved;
  } catch {
    // Storage can be blocked (privacy settings); the system theme still applies.
  }
  var dark =
    theme === 'dark' || (theme === 'system' && window.matchMedia('(prefers-color-scheme: dark)').matches);
  var root = document.documentElement;
  root.classList.toggle('dark', dark);
  root.style.colorScheme = dark ? 'dark' : 'light';
})();
