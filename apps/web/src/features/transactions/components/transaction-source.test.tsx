import type { Transaction } from '@app/contracts';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { render, screen } from '@/test/testing-library';
import { TransactionSource } from './transaction-source';

const txid = 'ee2063817b22a6d18dee6602d47340f9c6e42d282a8fdbf8ade7934f65b18077';
const base: Transaction = {
  id: '0b7f3f3e-8f0c-4d7e-9a43-6a8d1f2c3b4a',
  portfolio_id: '5d1f5a52-4a0e-4b8e-9d6c-1f2e3a4b5c6d',
  coin_id: 'bitcoin',
  type: 'transfer_in',
  quantity: '0.05',
  price_per_coin: null,
  fee: '0',
  executed_at: '2026-11-01T00:13:20Z',
  note: '',
  created_at: '2026-12-02T00:00:00Z',
  updated_at: '2026-12-02T00:00:00Z',
};

describe('TransactionSource', () => {
  it("shows a connection's row by its on-chain id, leads to the connection, and says it waits", () => {
    render(
      <MemoryRouter>
        <TransactionSource
          transaction={{
            ...base,
            source: { connection_id: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d', source_id: `${txid}:0` },
            classification: 'received',
          }}
        />
      </MemoryRouter>,
    );
    const link = screen.getByRole('link', { name: /On-chain ee2063817b…/ });
    expect(link.getAttribute('href')).toBe('/settings/connections/9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d');
    expect(screen.getByTitle(`${txid}:0`)).toBeTruthy();
    expect(screen.getByText('waits for you')).toBeTruthy();
  });

  it('shows nothing for a row typed by hand, and no link once its connection is gone', () => {
    const { container, rerender } = render(
      <MemoryRouter>
        <TransactionSource transaction={base} />
      </MemoryRouter>,
    );
    expect(container.textContent).toBe('');
    rerender(
      <MemoryRouter>
        <TransactionSource
          transaction={{
            ...base,
            source: { connection_id: null, source_id: `${txid}:0` },
            classification: 'cost_given',
          }}
        />
      </MemoryRouter>,
    );
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.getByText(/On-chain/)).toBeTruthy();
    expect(screen.queryByText('waits for you')).toBeNull();
  });
});
