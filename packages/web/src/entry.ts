// The one script index.html names, a few hundred bytes: it starts the app (main.tsx, an entry of
// its own in vite.config.ts) once the browser has painted, so that a pre-rendered page shows
// before the app's code is fetched and compiled (issue 17, decision 0020). The build writes the
// app's script address into `data-app` and links its styles (scripts/prerender.mjs).
function startApp(): void {
  const src = document.querySelector<HTMLScriptElement>('script[data-app]')?.dataset.app;
  if (src) {
    const script = document.createElement('script');
    script.type = 'module';
    script.src = src;
    document.head.append(script);
  } else if (import.meta.env.DEV) {
    // `vite dev` serves the sources as they are.
    void import('./main');
  }
}

// Nothing pre-rendered to paint (index.html): start at once.
if (document.getElementById('root')?.hasChildNodes()) requestAnimationFrame(() => setTimeout(startApp, 0));
else startApp();
