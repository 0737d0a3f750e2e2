import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';
import { NonceContext } from './lib/root-data.ts';

// The page's CSP nonce, read back from the server's scripts (browsers hide the attribute, not the property),
// so the client renders the same nonce attributes as the server did.
const nonce = document.querySelector<HTMLScriptElement>('script[nonce]')?.nonce ?? '';

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <NonceContext value={nonce}>
        <HydratedRouter />
      </NonceContext>
    </StrictMode>,
  );
});
