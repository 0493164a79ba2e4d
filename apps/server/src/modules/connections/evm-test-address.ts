// The EVM sync tests' address (not collected as a test file): a year of an address's history on
// the fake Etherscan, with what the chain says it holds at the end.

import { fakeAddress, normalTx, tokenTransfer } from '../../integrations/etherscan/test/etherscan-records.ts';
import { counterparty, ethWallet } from '../../integrations/etherscan/test/etherscan-setup.ts';
import type { FakeEtherscan } from '../../integrations/etherscan/test/fake-etherscan.ts';

export { ethWallet };

export const mainnet = 1;
const eth = (wei: bigint) => wei.toString();
const gwei = 1_000_000_000n;
export const gas = 21_000n * 12n * gwei; // what the fake's transactions pay: 0.000252 ETH
// The issuer's own USDC contract on Ethereum: a known token, booked as usd-coin.
const usdc = {
  address: '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48',
  name: 'USD Coin',
  symbol: 'USDC',
  decimals: '6',
};
const spam = {
  address: fakeAddress('spam'),
  name: 'Claim at eth-gift.example',
  symbol: 'GIFT',
  decimals: '18',
};
const junk = { address: fakeAddress('junk'), name: 'Junk', symbol: 'JUNK', decimals: '9' };

/**
 * Received 1 ETH, sent 0.25 (with gas), a failed transaction (gas only), 2.5 USDC, two unknown
 * tokens and a zero-value poisoning transfer.
 */
export function seedAddress(f: FakeEtherscan): void {
  f.addRecords(mainnet, ethWallet, 'txlist', [
    normalTx({ name: 'x-in', block: 10, from: counterparty, to: ethWallet, value: eth(10n ** 18n) }),
    normalTx({ name: 'x-out', block: 11, from: ethWallet, to: counterparty, value: eth(25n * 10n ** 16n) }),
    // A transaction that failed moved nothing, but its gas was spent.
    {
      ...normalTx({
        name: 'x-fail',
        block: 12,
        from: ethWallet,
        to: counterparty,
        value: eth(5n * 10n ** 17n),
      }),
      isError: '1',
      txreceipt_status: '0',
    },
  ]);
  f.addRecords(mainnet, ethWallet, 'tokentx', [
    tokenTransfer({
      name: 'x-usdc',
      block: 13,
      from: counterparty,
      to: ethWallet,
      value: '2500000',
      token: usdc,
    }),
    tokenTransfer({
      name: 'x-gift',
      block: 14,
      from: counterparty,
      to: ethWallet,
      value: eth(1000n * 10n ** 18n),
      token: spam,
    }),
    tokenTransfer({
      name: 'x-junk',
      block: 14,
      index: 1,
      from: counterparty,
      to: ethWallet,
      value: '5000000000',
      token: junk,
    }),
    // Address poisoning: a transfer of nothing, which moves nothing.
    tokenTransfer({
      name: 'x-poison',
      block: 15,
      from: ethWallet,
      to: fakeAddress('lookalike'),
      value: '0',
      token: usdc,
    }),
  ]);
  f.setBalance(mainnet, ethWallet, eth(10n ** 18n - 25n * 10n ** 16n - 2n * gas));
  f.setTokenBalance(mainnet, ethWallet, usdc.address, '2500000');
  f.setTokenBalance(mainnet, ethWallet, spam.address, eth(1000n * 10n ** 18n));
}
