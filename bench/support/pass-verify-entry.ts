// The page side of bench/pass-verify.mjs (bundled by it with rolldown): the till's own verifiers
// (frontend/src/features/till/offline/pass-verifier.ts) and the domain's judgePass, plus noble's
// signing to make real pass codes in the page before the clock starts.
import {
  encodePass,
  judgePass,
  passSigningBytes,
  passStepAt,
  toBase64Url,
  type PassClaims,
  type PassPublicKey,
  type PassVerifier,
} from '@avpass/domain';
import * as ed from '@noble/ed25519';
import { sha512 } from '@noble/hashes/sha2.js';
import { nobleVerifier, webCryptoVerifier } from '../../frontend/src/features/till/offline/pass-verifier';

ed.hashes.sha512 = sha512 as typeof ed.hashes.sha512;

interface Made {
  keys: PassPublicKey[];
  codes: string[];
  nowMs: number;
}

/** N codes of N members, signed by two keys (a rotation under way), of the current step. */
function makeCodes(n: number): Made {
  const nowMs = Date.now();
  const secrets = [ed.utils.randomSecretKey(), ed.utils.randomSecretKey()];
  const keys = secrets.map((secret, i) => ({
    keyId: 10 + i,
    publicKey: toBase64Url(ed.getPublicKey(secret)),
    notBefore: new Date(nowMs - 86_400_000).toISOString(),
    verifyUntil: new Date(nowMs + 86_400_000).toISOString(),
  }));
  const codes = Array.from({ length: n }, (_, i) => {
    const hex = (i + 1).toString(16).padStart(12, '0');
    const claims: PassClaims = {
      kind: 'rotating',
      keyId: 10 + (i % 2),
      memberId: `0f9e8d7c-6b5a-4321-8fed-${hex}`,
      passVersion: 1,
      step: passStepAt(nowMs),
    };
    return encodePass(claims, ed.sign(passSigningBytes(claims), secrets[i % 2]!));
  });
  return { keys, codes, nowMs };
}

/** Each code judged as the offline till does (parse, key, Ed25519, step): ms per code; all must pass. */
async function timeJudging(made: Made, verify: PassVerifier, warmup: number): Promise<number[]> {
  const options = { nowMs: made.nowMs, keys: made.keys, verify };
  for (const code of made.codes.slice(0, warmup)) await judgePass(code, options);
  const times: number[] = [];
  for (const code of made.codes) {
    const start = performance.now();
    const judged = await judgePass(code, options);
    times.push(performance.now() - start);
    if (!judged.ok) throw new Error(`a genuine code was refused: ${judged.refusal}`);
  }
  return times;
}

/** The same, timed as one batch (performance.now() is coarse in a page: the batch's mean is exact). */
async function timeBatch(made: Made, verify: PassVerifier): Promise<number> {
  const options = { nowMs: made.nowMs, keys: made.keys, verify };
  const start = performance.now();
  for (const code of made.codes) await judgePass(code, options);
  return (performance.now() - start) / made.codes.length;
}

Object.assign(globalThis, {
  passBench: {
    makeCodes,
    async run(made: Made, way: 'webcrypto' | 'noble', warmup: number) {
      const verify =
        way === 'noble' ? await nobleVerifier() : await webCryptoVerifier(globalThis.crypto?.subtle);
      if (!verify) return null;
      const times = await timeJudging(made, verify, warmup);
      const batchMean = await timeBatch(made, verify);
      return { times, batchMean };
    },
  },
});
