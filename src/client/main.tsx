import '@fontsource-variable/inter';
import '@fontsource-variable/fraunces';
import './styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '@/client/app/app';

/** Text shown when index.html lacks the #root element (spec section 2 "Error screens"). */
const MISSING_ROOT_TEXT = 'Missing Root Element';

const rootElement = document.getElementById('root');
if (rootElement) {
  createRoot(rootElement).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
} else {
  document.body.textContent = MISSING_ROOT_TEXT;
}
