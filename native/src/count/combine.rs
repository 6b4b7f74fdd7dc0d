//! Combining independent components through the global mine total, in exact integers.
//!
//! With a mine total, configurations of the whole board with T mines on the frontier are weighted
//! by C(cells off the frontier, remaining - T). Without one, every cell is an independent prior of
//! density p/q, so a component configuration with k mines of n cells weighs p^k (q-p)^(n-k).
//!
//! Binomials of huge boards (C(10^6, 2*10^5) has 720,000 bits) are never one uninterruptible
//! call: [`binomial`] multiplies prime powers in a product tree, checking the deadline between
//! multiplications, and the probabilities alone ([`total_ratio`]) drop the common factor
//! C(outside, lowest total) whenever that makes the numbers smaller.

use super::num::{Deadline, Num, Stop};
use num_bigint::BigUint;
use std::cell::RefCell;
use std::rc::Rc;

/// `out[i + j] += a[i] * b[j]` (empty if either is).
pub fn convolve<N: Num>(a: &[N], b: &[N]) -> Result<Vec<N>, Stop> {
    let mut out = Vec::new();
    convolve_into(a, b, &mut out)?;
    Ok(out)
}

/// Primes up to `n` (sieve of Eratosthenes).
fn primes_upto(n: u64, dl: &Deadline) -> Result<Vec<u64>, Stop> {
    let n = n as usize;
    let mut composite = vec![false; n + 1];
    let mut out = Vec::new();
    for p in 2..=n {
        if !composite[p] {
            out.push(p as u64);
            if p % 4096 == 0 {
                dl.check()?;
            }
            let mut m = p.saturating_mul(p);
            while m <= n {
                composite[m] = true;
                m += p;
            }
        }
    }
    Ok(out)
}

/// The product of `factors` by a balanced tree (big multiplications of equal sizes, where
/// num-bigint's Karatsuba and Toom-3 pay), checking the deadline between multiplications.
fn product(factors: Vec<BigUint>, dl: &Deadline) -> Result<BigUint, Stop> {
    let mut level = factors;
    if level.is_empty() {
        return Ok(BigUint::from(1u8));
    }
    while level.len() > 1 {
        let mut next = Vec::with_capacity(level.len().div_ceil(2));
        let mut it = level.into_iter();
        while let Some(a) = it.next() {
            dl.check()?;
            next.push(match it.next() {
                Some(b) => a * b,
                None => a,
            });
        }
        level = next;
    }
    Ok(level.pop().unwrap_or_else(|| BigUint::from(1u8)))
}

/// C(n, k) exactly, interruptible: small ones by the multiplicative recurrence, large ones as the
/// product of their prime powers (Legendre: the exponent of p counts the carries of k + (n - k)).
pub fn binomial(n: u64, k: u64, dl: &Deadline) -> Result<BigUint, Stop> {
    if k > n {
        return Ok(BigUint::default());
    }
    let k = k.min(n - k);
    if k < 64 || n > 50_000_000 {
        let mut v = BigUint::from(1u8);
        for i in 0..k {
            if i % 256 == 0 {
                dl.check()?;
            }
            v = v * (n - i) / (i + 1);
        }
        return Ok(v);
    }
    let mut factors: Vec<BigUint> = Vec::new();
    let mut acc: u64 = 1;
    for p in primes_upto(n, dl)? {
        let mut e = 0u32;
        let mut pp = p;
        loop {
            e += (n / pp - k / pp - (n - k) / pp) as u32;
            match pp.checked_mul(p) {
                Some(x) if x <= n => pp = x,
                _ => break,
            }
        }
        for _ in 0..e {
            match acc.checked_mul(p) {
                Some(x) => acc = x,
                None => {
                    factors.push(BigUint::from(acc));
                    acc = p;
                }
            }
        }
    }
    factors.push(BigUint::from(acc));
    product(factors, dl)
}

/// How many rows of binomials [`binomials`] keeps per thread: the player's look-ahead combines
/// hundreds of hypothetical positions of one board a move, nearly all with the same off-frontier
/// cells and mine range, so the same row was made again for each.
const KEPT_ROWS: usize = 8;

/// A kept row: its (n, lo, hi) and the row.
type Row = ((u64, i64, i64), Rc<Vec<BigUint>>);

thread_local! {
    /// The last rows made, (n, lo, hi) -> the row, most recent last.
    static ROWS: RefCell<Vec<Row>> =
        const { RefCell::new(Vec::new()) };
}

/// `[C(n, x) for x in lo..=hi]` (0 outside 0..n); the last few rows are kept per thread.
pub fn binomials(n: u64, lo: i64, hi: i64, dl: &Deadline) -> Result<Rc<Vec<BigUint>>, Stop> {
    let key = (n, lo, hi);
    let kept = ROWS.with(|r| {
        r.borrow()
            .iter()
            .rev()
            .find(|(k, _)| *k == key)
            .map(|(_, row)| Rc::clone(row))
    });
    if let Some(row) = kept {
        return Ok(row);
    }
    let row = Rc::new(binomials_made(n, lo, hi, dl)?);
    ROWS.with(|r| {
        let mut r = r.borrow_mut();
        if r.len() >= KEPT_ROWS {
            r.remove(0);
        }
        r.push((key, Rc::clone(&row)));
    });
    Ok(row)
}

fn binomials_made(n: u64, lo: i64, hi: i64, dl: &Deadline) -> Result<Vec<BigUint>, Stop> {
    let a = lo.max(0);
    let b = hi.min(n as i64);
    let mut out = Vec::with_capacity((hi - lo + 1).max(0) as usize);
    let mut v = if a <= b {
        binomial(n, a as u64, dl)?
    } else {
        BigUint::default()
    };
    for x in lo..=hi {
        if x < a || x > b {
            out.push(BigUint::default());
            continue;
        }
        dl.check()?;
        let next = &v * (n - x as u64) / (x as u64 + 1);
        out.push(std::mem::replace(&mut v, next));
    }
    Ok(out)
}

fn from_big<N: Num>(v: &[BigUint]) -> Result<Vec<N>, Stop> {
    v.iter()
        .map(|x| N::from_big(x).ok_or(Stop::Overflow))
        .collect()
}

/// The combination of counted components through the mine total: `weights[c][k]` the ways the
/// rest of the board completes component c holding k mines; `z` all placements; `out_num /
/// out_den` the probability of one off-frontier cell.
#[derive(Debug, Clone)]
pub struct Total<N> {
    pub weights: Vec<Vec<N>>,
    pub z: N,
    pub out_num: N,
    pub out_den: N,
}

/// The first and last nonzero entries of a component's counts (None: it has none).
fn support<N: Num>(c: &[N]) -> Option<(usize, usize)> {
    let lo = c.iter().position(|x| !x.is_zero())?;
    let hi = c.iter().rposition(|x| !x.is_zero())?;
    Some((lo, hi))
}

/// Each component's counts' nonzero span (all of them when none is nonzero: `None`).
fn spans<N: Num>(counts: &[Vec<N>]) -> Vec<Option<(usize, usize)>> {
    counts.iter().map(|c| support(c)).collect()
}

/// The span of a component's counts that the combination multiplies.
fn trimmed<N>(c: &[N], span: Option<(usize, usize)>) -> &[N] {
    match span {
        Some((lo, hi)) => c.get(lo..=hi).unwrap_or(c),
        None => c,
    }
}

/// The least and most mines in all (`d`) at which the combination reads the completions off the
/// frontier: from the least the components hold together less the largest least of one of them
/// (a component's weights below its own least mines) to the most they hold together. A mid-game
/// 100x100 board's 55-74 components hold 103-141 mines at most, all but 19-33 of them in every
/// configuration: the range is that wide, not 0..=141, and so are the big integers of
/// [`total_ratio`] (hundreds of bits, not the thousands of C(4000, 600)).
fn reach<N>(counts: &[Vec<N>], spans: &[Option<(usize, usize)>]) -> (usize, usize) {
    let least = |s: &Option<(usize, usize)>| s.map_or(0, |s| s.0);
    let low: usize = spans.iter().map(least).sum();
    let top = spans.iter().map(least).max().unwrap_or(0);
    let total_deg: usize = counts.iter().map(|c| c.len().saturating_sub(1)).sum();
    (low - top, total_deg)
}

/// `out = a * b` as polynomials (`out` reused; empty if either is).
fn convolve_into<N: Num>(a: &[N], b: &[N], out: &mut Vec<N>) -> Result<(), Stop> {
    out.clear();
    if a.is_empty() || b.is_empty() {
        return Ok(());
    }
    out.resize(a.len() + b.len() - 1, N::zero());
    for (i, x) in a.iter().enumerate() {
        if !x.is_zero() {
            for (j, y) in b.iter().enumerate() {
                if !y.is_zero() {
                    out[i + j].add_mul(x, y)?;
                }
            }
        }
    }
    Ok(())
}

/// `p / t` as polynomials, where `t` divides `p` exactly and `t[0]` is not 0: the quotient's
/// coefficients from the lowest, each `(p[d] - sum_{k >= 1} t[k] q[d - k]) / t[0]` (all
/// non-negative, so never below 0; a remainder is an error, never a wrong answer).
fn divide<N: Num>(p: &[N], t: &[N]) -> Result<Vec<N>, Stop> {
    let lead = match t.first() {
        Some(x) if !x.is_zero() && p.len() >= t.len() => x,
        _ => return Err(Stop::Invalid("not an exact polynomial division".into())),
    };
    let n = p.len() + 1 - t.len();
    let mut q: Vec<N> = Vec::with_capacity(n);
    for (d, pd) in p.iter().take(n).enumerate() {
        let mut acc = pd.clone();
        for (k, tk) in t.iter().enumerate().take(d + 1).skip(1) {
            let qk = &q[d - k];
            if !tk.is_zero() && !qk.is_zero() {
                acc.sub_mul(tk, qk)?;
            }
        }
        q.push(acc.div_exact(lead)?);
    }
    Ok(q)
}

/// The weights from `ways[d - from]` (the completions off the frontier when the components hold
/// d mines in all, for d in [`reach`]) and the outside numerator's terms (`outside(t, n_t)`).
///
/// `weights[i][k] = sum_d L_i[d] * ways[k + d]`, L_i the product of the other components' counts
/// (as polynomials in the mines). Computed on each component's counts trimmed to their nonzero
/// span (a component that always holds one mine is the constant 3, not 3x: a mid-game 100x100
/// board's 55-74 components hold 103-141 mines at most but only 19-33 beyond their least), and
/// once per distinct trimmed counts (17-26 distinct there): L_j is the product of all of them
/// divided by component j's (exactly, as polynomials). The same integers as the product over
/// every component one by one (exact arithmetic, only the order of the additions differs), at a
/// fraction of the big-integer multiply-adds.
fn combine<N: Num>(
    counts: &[Vec<N>],
    spans: &[Option<(usize, usize)>],
    from: usize,
    ways: Vec<N>,
    dl: &Deadline,
    mut outside: impl FnMut(usize, &N, &N) -> Result<N, Stop>,
) -> Result<(Vec<Vec<N>>, N, N), Stop> {
    // the mines the components hold at least, together; `ways` holds the entries from `from`
    // ([`reach`]) on
    let low: usize = spans.iter().map(|s| s.map_or(0, |s| s.0)).sum();
    // the distinct trimmed counts, and which one each component has
    let mut items: Vec<&[N]> = Vec::new();
    let mut item_of = Vec::with_capacity(counts.len());
    for (c, &span) in counts.iter().zip(spans) {
        let t = trimmed(c, span);
        match items.iter().position(|v| *v == t) {
            Some(j) => item_of.push(j),
            None => {
                item_of.push(items.len());
                items.push(t);
            }
        }
    }
    // the product of every component's counts but those with none (`zeros` of them)
    let mut all = vec![N::one()];
    let mut next = Vec::new();
    let mut zeros = 0usize;
    for (c, &span) in counts.iter().zip(spans) {
        if span.is_none() {
            zeros += 1;
            continue;
        }
        dl.check()?;
        convolve_into(&all, trimmed(c, span), &mut next)?;
        std::mem::swap(&mut all, &mut next);
    }
    // others[j]: the product of the other components' counts, for a component of item j
    let mut others: Vec<Vec<N>> = Vec::with_capacity(items.len());
    for t in &items {
        dl.check()?;
        let none = t.iter().all(|x| x.is_zero());
        others.push(match (none, zeros) {
            (false, 0) => divide(&all, t)?,
            (true, 1) => all.clone(),
            _ => Vec::new(),
        });
    }
    let at = |d: usize| d.checked_sub(from).and_then(|i| ways.get(i));
    let mut z = N::zero();
    let mut out_num = N::zero();
    if zeros == 0 {
        for (t, p) in all.iter().enumerate() {
            if !p.is_zero() {
                if let Some(w) = at(low + t) {
                    z.add_mul(p, w)?;
                    let term = outside(low + t, p, w)?;
                    out_num.add_to(&term)?;
                }
            }
        }
    }
    // per component, weights[k] = sum_d others[d] * ways[low - lo + k + d], made once per
    // (item, lo, length)
    let mut made: Vec<((usize, usize, usize), usize)> = Vec::new();
    let mut weights: Vec<Vec<N>> = Vec::with_capacity(counts.len());
    for ((c, &span), &j) in counts.iter().zip(spans).zip(&item_of) {
        let lo = span.map_or(0, |s| s.0);
        let key = (j, lo, c.len());
        if let Some(&(_, i)) = made.iter().find(|(k, _)| *k == key) {
            let w = weights[i].clone();
            weights.push(w);
            continue;
        }
        dl.check()?;
        let base = low - lo;
        let mut w = Vec::with_capacity(c.len());
        for k in 0..c.len() {
            let mut acc = N::zero();
            for (d, x) in others[j].iter().enumerate() {
                if !x.is_zero() {
                    if let Some(y) = at(base + k + d) {
                        if !y.is_zero() {
                            acc.add_mul(x, y)?;
                        }
                    }
                }
            }
            w.push(acc);
        }
        made.push((key, weights.len()));
        weights.push(w);
    }
    Ok((weights, z, out_num))
}

/// The mines the components can hold together (the sum of their highest mine numbers); refuses a
/// component with no counts.
fn total_degree<N>(counts: &[Vec<N>]) -> Result<i64, Stop> {
    if counts.iter().any(|c| c.is_empty()) {
        return Err(Stop::Invalid("a component's counts are empty".into()));
    }
    Ok(counts.iter().map(|c| c.len() as i64 - 1).sum())
}

/// Every component's [`spans`] and the mines in all the combination reads ([`reach`]), after the
/// check that no component is without counts ([`total_degree`]): how both combinations start.
type Reach = (Vec<Option<(usize, usize)>>, usize, usize);

fn spans_and_reach<N: Num>(counts: &[Vec<N>]) -> Result<Reach, Stop> {
    total_degree(counts)?;
    let spans = spans(counts);
    let (from, to) = reach(counts, &spans);
    Ok((spans, from, to))
}

/// The combination with the true numbers of placements (`out_den` = `z`): what the player's
/// look-ahead compares across positions.
pub fn total_weights<N: Num>(
    counts: &[Vec<N>],
    outside: u64,
    remaining: i64,
    dl: &Deadline,
) -> Result<Total<N>, Stop> {
    let (spans, from, to) = spans_and_reach(counts)?;
    // ways[d - from] = C(outside, remaining - d) for d in from..=to
    let mut ways = from_big::<N>(&binomials(
        outside,
        remaining - to as i64,
        remaining - from as i64,
        dl,
    )?)?;
    ways.reverse();
    // C(outside - 1, x - 1) = C(outside, x) * x / outside: placements with a given outside cell a mine
    let (weights, z, out_num) = combine(counts, &spans, from, ways, dl, |t, n, w| {
        let x = remaining - t as i64;
        if outside > 0 && x > 0 && x as u64 <= outside {
            n.mul(&w.mul_u64(x as u64)?.div_u64(outside))
        } else {
            Ok(N::zero())
        }
    })?;
    Ok(Total {
        weights,
        out_den: z.clone(),
        z,
        out_num,
    })
}

fn bit_len(v: u64) -> u64 {
    64 - v.leading_zeros() as u64
}

/// The combination for probabilities alone: every placement count divided by one common factor
/// when that makes the numbers smaller (huge boards), so `z` is then not the number of placements
/// but every ratio is the same.
///
/// The completions C(outside, x) for x in xa..=xb are C(outside, xa) * prod_{m < x} (outside - m)
/// / (m + 1); dropping C(outside, xa) / prod_{m < xb} (m + 1) leaves the integers
/// prod_{xa <= m < x} (outside - m) * prod_{x <= m < xb} (m + 1), of about D * log2(outside) bits
/// for D the width of the mines in all the combination reads ([`reach`]), where C(outside, xa)
/// has at least min(xa, outside - xa) bits.
pub fn total_ratio<N: Num>(
    counts: &[Vec<N>],
    outside: u64,
    remaining: i64,
    dl: &Deadline,
) -> Result<Total<N>, Stop> {
    let (spans, first, last) = spans_and_reach(counts)?;
    let (from, to) = (first as i64, last as i64);
    let xa = (remaining - to).max(0);
    let xb = (remaining - from).min(outside as i64);
    let scaled = xa <= xb && {
        let small_bits = ((to - from) as u64).saturating_mul(bit_len(outside.max(xb as u64) + 1));
        let big_bits = (xa as u64).min(outside - xa as u64);
        small_bits < big_bits
    };
    if !scaled {
        return total_weights(counts, outside, remaining, dl);
    }
    let (xa, xb) = (xa as u64, xb as u64);
    // right[x - xa] = prod_{x <= m < xb} (m + 1)
    let width = (xb - xa) as usize;
    let mut right = vec![N::one(); width + 1];
    for i in (0..width).rev() {
        dl.check()?;
        right[i] = right[i + 1].mul_u64(xa + i as u64 + 1)?;
    }
    let mut by_x = Vec::with_capacity(width + 1);
    let mut left = N::one();
    for (i, r) in right.iter().enumerate() {
        dl.check()?;
        by_x.push(left.mul(r)?);
        left = left.mul_u64(outside - (xa + i as u64))?;
    }
    // ways[d - from] = completions with d mines on the frontier: x = remaining - d
    let ways: Vec<N> = (from..=to)
        .map(|d| {
            let x = remaining - d;
            if x >= xa as i64 && x <= xb as i64 {
                by_x[(x as u64 - xa) as usize].clone()
            } else {
                N::zero()
            }
        })
        .collect();
    let (weights, z, out_num) = combine(counts, &spans, first, ways, dl, |t, n, w| {
        let x = remaining - t as i64;
        if x > 0 && x as u64 <= outside {
            n.mul(&w.mul_u64(x as u64)?)
        } else {
            Ok(N::zero())
        }
    })?;
    let out_den = z.mul_u64(outside.max(1))?;
    Ok(Total {
        weights,
        z,
        out_num,
        out_den,
    })
}

/// Weights p^k (q-p)^(size-k) of an independent prior of density p/q (common factor dropped).
pub fn density_weights<N: Num>(
    size: usize,
    p: &N,
    q_minus_p: &N,
    dl: &Deadline,
) -> Result<Vec<N>, Stop> {
    let mut pp = Vec::with_capacity(size + 1);
    let mut qq = Vec::with_capacity(size + 1);
    pp.push(N::one());
    qq.push(N::one());
    for k in 0..size {
        dl.check()?;
        pp.push(pp[k].mul(p)?);
        qq.push(qq[k].mul(q_minus_p)?);
    }
    (0..=size).map(|k| pp[k].mul(&qq[size - k])).collect()
}
