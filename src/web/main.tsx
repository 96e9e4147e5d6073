import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { initI18n } from './i18n/i18n.ts';
import './styles/app.scss';

// An older version of the service may have installed a service worker; it must not serve stale pages.
if ('serviceWorker' in navigator) {
  void navigator.serviceWorker.getRegistrations().then((registrations) => {
    for (const registration of registrations) void registration.unregister();
  });
}

// govuk-frontend styles its JavaScript-enhanced components only under this class.
document.body.classList.add('govuk-frontend-supported');

const root = document.getElementById('root');
if (root) {
  void initI18n().then(() => {
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
}
