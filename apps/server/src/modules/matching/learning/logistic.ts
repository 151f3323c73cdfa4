// Ridge (L2) logistic regression fitted by Newton's method (iteratively reweighted least squares).
// No maintained JavaScript library fits a small, exact, deterministic logistic regression: the
// ones on npm use fixed-step gradient descent, whose answer depends on a learning rate and a number
// of epochs. Newton's method on a handful of features converges to the unique optimum of the
// penalised likelihood in a few steps, so the same data always give the same coefficients.

export type LogisticModel = { intercept: number; coef: number[] };

export const sigmoid = (z: number) => (z >= 0 ? 1 / (1 + Math.exp(-z)) : Math.exp(z) / (1 + Math.exp(z)));
export const logit = (p: number) => {
  const q = Math.min(1 - 1e-9, Math.max(1e-9, p));
  return Math.log(q / (1 - q));
};

export function predictLogistic(m: LogisticModel, x: readonly number[]): number {
  let z = m.intercept;
  for (let k = 0; k < m.coef.length; k++) z += m.coef[k]! * x[k]!;
  return sigmoid(z);
}

/** Solves A x = b for a symmetric positive definite A (Cholesky); A and b are not changed. */
export function solveSpd(a: number[][], b: number[]): number[] {
  const n = b.length;
  const l: number[][] = Array.from({ length: n }, () => new Array<number>(n).fill(0));
  for (let i = 0; i < n; i++) {
    for (let j = 0; j <= i; j++) {
      let s = a[i]![j]!;
      for (let k = 0; k < j; k++) s -= l[i]![k]! * l[j]![k]!;
      if (i === j) l[i]![i] = Math.sqrt(Math.max(s, 1e-12));
      else l[i]![j] = s / l[j]![j]!;
    }
  }
  const y = new Array<number>(n).fill(0);
  for (let i = 0; i < n; i++) {
    let s = b[i]!;
    for (let k = 0; k < i; k++) s -= l[i]![k]! * y[k]!;
    y[i] = s / l[i]![i]!;
  }
  const x = new Array<number>(n).fill(0);
  for (let i = n - 1; i >= 0; i--) {
    let s = y[i]!;
    for (let k = i + 1; k < n; k++) s -= l[k]![i]! * x[k]!;
    x[i] = s / l[i]![i]!;
  }
  return x;
}

/**
 * Fits P(y = 1 | x) = sigmoid(intercept + coef . x). `l2` penalises the coefficients (not the
 * intercept) per example, so its strength does not depend on how many examples there are; the
 * features should be on comparable scales (standardise them first, see `standardizer`).
 */
export function fitLogistic(
  xs: readonly (readonly number[])[],
  ys: readonly number[],
  options: { l2?: number; maxIterations?: number } = {},
): LogisticModel {
  const d = xs[0]?.length ?? 0;
  const n = xs.length;
  const lambda = (options.l2 ?? 1e-3) * n;
  const maxIter = options.maxIterations ?? 50;
  const beta = new Array<number>(d + 1).fill(0); // [intercept, ...coef]
  const mean = ys.reduce((s, y) => s + y, 0) / Math.max(1, n);
  beta[0] = logit(Math.min(0.99, Math.max(0.01, mean)));
  for (let iter = 0; iter < maxIter; iter++) {
    const grad = new Array<number>(d + 1).fill(0);
    const hess: number[][] = Array.from({ length: d + 1 }, () => new Array<number>(d + 1).fill(0));
    for (let i = 0; i < n; i++) {
      const x = xs[i]!;
      let z = beta[0]!;
      for (let k = 0; k < d; k++) z += beta[k + 1]! * x[k]!;
      const p = sigmoid(z);
      const w = Math.max(p * (1 - p), 1e-10);
      const r = ys[i]! - p;
      grad[0]! += r;
      hess[0]![0]! += w;
      for (let k = 0; k < d; k++) {
        const xk = x[k]!;
        grad[k + 1]! += r * xk;
        hess[0]![k + 1]! += w * xk;
        for (let m = 0; m <= k; m++) hess[k + 1]![m + 1]! += w * xk * x[m]!;
      }
    }
    for (let k = 0; k <= d; k++) for (let m = 0; m < k; m++) hess[m]![k] = hess[k]![m]!;
    for (let k = 1; k <= d; k++) {
      grad[k]! -= lambda * beta[k]!;
      hess[k]![k]! += lambda;
    }
    const step = solveSpd(hess, grad);
    let change = 0;
    for (let k = 0; k <= d; k++) {
      beta[k]! += step[k]!;
      change = Math.max(change, Math.abs(step[k]!));
    }
    if (change < 1e-9) break;
  }
  return { intercept: beta[0]!, coef: beta.slice(1) };
}

/**
 * Centres and scales each feature column to unit variance; constant columns stay at 0. A feature
 * may be NaN, meaning unknown (an unanswered question): it is left out of its column's mean and
 * spread and standardises to 0, i.e. it reads as the mean of the examples the model was fitted on
 * (mean imputation, fitted with the model) and moves nothing.
 */
export type Standardizer = { mean: number[]; scale: number[] };

export function standardizer(xs: readonly (readonly number[])[]): Standardizer {
  const d = xs[0]?.length ?? 0;
  const mean = new Array<number>(d).fill(0);
  const sq = new Array<number>(d).fill(0);
  const known = new Array<number>(d).fill(0);
  for (const x of xs)
    for (let k = 0; k < d; k++)
      if (!Number.isNaN(x[k]!)) {
        mean[k]! += x[k]!;
        known[k]!++;
      }
  for (let k = 0; k < d; k++) mean[k]! /= Math.max(1, known[k]!);
  for (const x of xs) for (let k = 0; k < d; k++) if (!Number.isNaN(x[k]!)) sq[k]! += (x[k]! - mean[k]!) ** 2;
  const scale = sq.map((s, k) => {
    const sd = Math.sqrt(s / Math.max(1, known[k]!));
    return sd > 1e-12 ? sd : 1;
  });
  return { mean, scale };
}

export const standardize = (s: Standardizer, x: readonly number[]) =>
  x.map((v, k) => (Number.isNaN(v) ? 0 : (v - s.mean[k]!) / s.scale[k]!));

/** A logistic model on standardised features: what the learner stores once fitted. */
export type ScaledLogistic = { scaler: Standardizer; model: LogisticModel };

export function fitScaledLogistic(
  xs: readonly (readonly number[])[],
  ys: readonly number[],
  options: { l2?: number } = {},
): ScaledLogistic {
  const scaler = standardizer(xs);
  return {
    scaler,
    model: fitLogistic(
      xs.map((x) => standardize(scaler, x)),
      ys,
      options,
    ),
  };
}

export const predictScaled = (m: ScaledLogistic, x: readonly number[]) =>
  predictLogistic(m.model, standardize(m.scaler, x));
