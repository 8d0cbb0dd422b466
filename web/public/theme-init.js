// Runs before the first paint: sets the theme class on <html> from the stored choice or the OS preference.
// Only the theme preference is stored; never a token (decision 141).
(function () {
  var stored = null;
  try {
    stored = localStorage.getItem('hangar.theme');
  } catch (e) {
    // storage disabled: follow the OS preference
  }
  var dark = stored === 'dark' || (stored !== 'light' && window.matchMedia('(prefers-color-scheme: dark)').matches);
  document.documentElement.classList.toggle('dark', dark);
})();
