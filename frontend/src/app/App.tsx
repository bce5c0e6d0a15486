import { BrowserRouter } from 'react-router-dom';
import { AppProviders } from './providers';
import { Shell } from './Shell';

export function App() {
  return (
    <AppProviders>
      <BrowserRouter>
        <Shell />
      </BrowserRouter>
    </AppProviders>
  );
}
