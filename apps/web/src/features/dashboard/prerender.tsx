import { MemoryRouter } from 'react-router';
import { NoPortfoliosYet } from './components/no-portfolios';
import { TopBar } from './components/top-bar';
import { defaultSelection } from './dashboard-selection';

const ignore = () => {};

/**
 * What Metrics draws below its heading for an account with no portfolio, as a new account's
 * selection shows it: the server's shell paints it, so the page's first content no
 * longer waits for the app.
 */
export function PaintedEmptyMetrics() {
  return (
    <MemoryRouter initialEntries={['/dashboard']}>
      <TopBar selection={defaultSelection} portfolios={[]} onChange={ignore} />
      <NoPortfoliosYet />
    </MemoryRouter>
  );
}
