import { createHash } from 'node:crypto';

/**
 * Transactions in Esplora's JSON shape for the fake explorer. They are written here apart from
 * the client's schemas on purpose: the fake states the protocol, the client is checked against it.
 */
export interface EsploraOutputJson {
  scriptpubkey: string;
  scriptpubkey_asm: string;
  scriptpubkey_type: string;
  scriptpubkey_address?: string;
  value: number;
}

export interface EsploraInputJson {
  txid: string;
  vout: number;
  prevout: EsploraOutputJson | null;
  scriptsig: string;
  scriptsig_asm: string;
  witness?: string[];
  is_coinbase: boolean;
  sequence: number;
}

export type EsploraStatusJson =
  | { confirmed: true; block_height: number; block_hash: string; block_time: number }
  | { confirmed: false };

/** A transaction without its status: the fake adds the status from where the tx sits in its chain. */
export interface EsploraTxBodyJson {
  txid: string;
  version: number;
  locktime: number;
  vin: EsploraInputJson[];
  vout: EsploraOutputJson[];
  size: number;
  weight: number;
  fee: number;
}

export type EsploraTxJson = EsploraTxBodyJson & { status: EsploraStatusJson };

export function sha256Hex(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** A deterministic txid for a test's label, so tests can name transactions and find them again. */
export function fakeTxid(label: string | number): string {
  return sha256Hex(`tx:${label}`);
}

/** The output script an address stands for, by its prefix (enough for the JSON to look real). */
export function outputFor(address: string | null, value: number): EsploraOutputJson {
  if (address === null) {
    return {
      scriptpubkey: '6a0474657374',
      scriptpubkey_asm: 'OP_RETURN OP_PUSHBYTES_4 74657374',
      scriptpubkey_type: 'op_return',
      value,
    };
  }
  const h20 = sha256Hex(`addr:${address}`).slice(0, 40);
  const lower = address.toLowerCase();
  if (lower.startsWith('bc1p') || lower.startsWith('tb1p') || lower.startsWith('bcrt1p')) {
    const h32 = sha256Hex(`addr:${address}`);
    return {
      scriptpubkey: `5120${h32}`,
      scriptpubkey_asm: `OP_PUSHNUM_1 OP_PUSHBYTES_32 ${h32}`,
      scriptpubkey_type: 'v1_p2tr',
      scriptpubkey_address: address,
      value,
    };
  }
  if (lower.startsWith('bc1') || lower.startsWith('tb1') || lower.startsWith('bcrt1')) {
    return {
      scriptpubkey: `0014${h20}`,
      scriptpubkey_asm: `OP_0 OP_PUSHBYTES_20 ${h20}`,
      scriptpubkey_type: 'v0_p2wpkh',
      scriptpubkey_address: address,
      value,
    };
  }
  if (address.startsWith('3') || address.startsWith('2')) {
    return {
      scriptpubkey: `a914${h20}87`,
      scriptpubkey_asm: `OP_HASH160 OP_PUSHBYTES_20 ${h20} OP_EQUAL`,
      scriptpubkey_type: 'p2sh',
      scriptpubkey_address: address,
      value,
    };
  }
  return {
    scriptpubkey: `76a914${h20}88ac`,
    scriptpubkey_asm: `OP_DUP OP_HASH160 OP_PUSHBYTES_20 ${h20} OP_EQUALVERIFY OP_CHECKSIG`,
    scriptpubkey_type: 'p2pkh',
    scriptpubkey_address: address,
    value,
  };
}

export interface TxSpec {
  /** Names the transaction; its txid is fakeTxid(label). */
  label: string | number;
  /** Outputs being spent (address and satoshis). Left out: one foreign input pays for it all. */
  inputs?: Array<{ address: string; value: number }>;
  /** Outputs created; address null is an OP_RETURN. */
  outputs: Array<{ address: string | null; value: number }>;
  /** Satoshis for the miner when `inputs` is left out (default 200); with inputs, whatever they leave over. */
  fee?: number;
  coinbase?: boolean;
}

const someoneElse = 'bc1qfakesenderxxxxxxxxxxxxxxxxxxxxxxxxxxxx';
const segwitWitness = [
  `3044${sha256Hex('sig-r')}${sha256Hex('sig-s')}01`.slice(0, 142),
  `02${sha256Hex('pubkey')}`,
];

/** A transaction body in Esplora's shape, with plausible scripts, size and weight. */
export function buildTx(spec: TxSpec): EsploraTxBodyJson {
  const txid = fakeTxid(spec.label);
  const outputs = spec.outputs.map((o) => outputFor(o.address, o.value));
  const paid = outputs.reduce((sum, o) => sum + o.value, 0);
  const vin: EsploraInputJson[] = spec.coinbase
    ? [
        {
          txid: '0'.repeat(64),
          vout: 4294967295,
          prevout: null,
          scriptsig: '03a0bb0d',
          scriptsig_asm: 'OP_PUSHBYTES_3 a0bb0d',
          is_coinbase: true,
          sequence: 4294967295,
        },
      ]
    : (spec.inputs ?? [{ address: someoneElse, value: paid + (spec.fee ?? 200) }]).map((input, index) => ({
        txid: sha256Hex(`prev:${spec.label}:${index}`),
        vout: index,
        prevout: outputFor(input.address, input.value),
        scriptsig: '',
        scriptsig_asm: '',
        witness: segwitWitness,
        is_coinbase: false,
        sequence: 4294967293,
      }));
  const spent = vin.reduce((sum, i) => sum + (i.prevout?.value ?? 0), 0);
  const fee = spec.coinbase ? 0 : spent - paid;
  if (fee < 0) throw new RangeError(`tx ${spec.label}: outputs exceed inputs`);
  const base = 10 + 41 * vin.length + 31 * outputs.length;
  const witness = spec.coinbase ? 0 : 2 + 108 * vin.length;
  return {
    txid,
    version: 2,
    locktime: 0,
    vin,
    vout: outputs,
    size: base + witness,
    weight: base * 4 + witness,
    fee,
  };
}
