import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { createFormsI18n } from '../forms/i18n/create-forms-i18n';
import { GalleryApp } from './gallery-app';
import '../ui/theme/theme.css';
import './gallery.css';

const requested = new URLSearchParams(window.location.search).get('lang');
const i18n = createFormsI18n(requested === 'ja' ? 'ja' : 'en');

createRoot(document.getElementById('gallery')!).render(
  <StrictMode>
    <I18nextProvider i18n={i18n}>
      <GalleryApp />
    </I18nextProvider>
  </StrictMode>,
);
