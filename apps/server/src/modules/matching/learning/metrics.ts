// How well probabilities predict yes/no outcomes: the figures the evaluation harness prints and
// the validity page will show. Pure and deterministic.

/** Area under the ROC curve (Mann-Whitney), ties counted as half. 0.5 when one class is absent. */
export function auc(scores: readonly number[], labels: readonly number[]): number {
  const idx = scores.map((_, i) => i).sort((a, b) => scores[a]! - scores[b]!);
  let pos = 0;
  let rankSumPos = 0;
  let i = 0;
  while (i < idx.length) {
    let j = i;
    while (j + 1 < idx.length && scores[idx[j + 1]!] === scores[idx[i]!]) j++;
    const rank = (i + j) / 2 + 1;
    for (let k = i; k <= j; k++)
      if (labels[idx[k]!] === 1) {
        pos++;
        rankSumPos += rank;
      }
    i = j + 1;
  }
  const neg = idx.length - pos;
  if (pos === 0 || neg === 0) return 0.5;
  return (rankSumPos - (pos * (pos + 1)) / 2) / (pos * neg);
}

/** Mean squared error of the probabilities. */
export function brier(probs: readonly number[], labels: readonly number[]): number {
  let s = 0;
  for (let i = 0; i < probs.length; i++) s += (probs[i]! - labels[i]!) ** 2;
  return probs.length ? s / probs.length : 0;
}

export type CalibrationBin = { from: number; to: number; count: number; predicted: number; observed: number };

/** Ten equal-width bins of predicted probability: how many, mean predicted, share observed. */
export function calibrationTable(
  probs: readonly number[],
  labels: readonly number[],
  bins = 10,
): CalibrationBin[] {
  const out: CalibrationBin[] = Array.from({ length: bins }, (_, b) => ({
    from: b / bins,
    to: (b + 1) / bins,
    count: 0,
    predicted: 0,
    observed: 0,
  }));
  for (let i = 0; i < probs.length; i++) {
    const bin = out[Math.min(bins - 1, Math.floor(probs[i]! * bins))]!;
    bin.count++;
    bin.predicted += probs[i]!;
    bin.observed += labels[i]!;
  }
  for (const bin of out)
    if (bin.count > 0) {
      bin.predicted /= bin.count;
      bin.observed /= bin.count;
    }
  return out;
}
