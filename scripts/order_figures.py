#!/usr/bin/env python3
"""Figures of what the sample order costs, from the streams
scripts/measure-order.sh wrote (DIR/old-NN.csv, new-NN.csv, blk-NN.csv):

  scripts/order_figures.py IDLEBENCH DIR

Per arm: the spread of a sample by its position in the block (interleaved:
the block of one workload's repetition; blocked: the (workload, mode) run),
the samples right after a workload change, the median within-(workload,
mode) spread, the A/A and spike half-widths and whether they cover their
truth (IDLEBENCH report on the stream without its `#! excluded` records:
the controls' truth holds whatever the parked CPU did), and the repetitions
and sampling time Stein's rule asks for +-1 point on the A/A arm's int and
fp class means (the standard preset's rule, stats/planning.h, on the
within-mode floor). Rows are all kept (the residency proof is ignored)."""
import csv, math, os, re, statistics, subprocess, sys, tempfile, zlib

def strip_excluded(path):
    lines = open(path).read().split('\n')
    body = [l for l in lines if l and not l.startswith('#! excluded') and not l.startswith('#! end')]
    end = [l for l in lines if l.startswith('#! end')][0]
    text = '\n'.join(body) + '\n'
    return text + re.sub(r'crc32=[0-9a-f]+', 'crc32=%08x' % zlib.crc32(text.encode()), end) + '\n'

def rows(path):
    data = [l for l in open(path) if not l.startswith('#')]
    return [r for r in csv.DictReader(data) if r['check'] == 'ok']

def meta(path, key):
    for l in open(path):
        if l.startswith('#= %s=' % key):
            return l.split('=', 2)[2].strip()
    return ''

def sd_pct(xs):
    return 100 * statistics.stdev(xs) if len(xs) > 1 else float('nan')

def mad_pct(xs):
    """1.4826 x the median absolute deviation: the sd of normal data, not moved by a few outliers."""
    m = statistics.median(xs)
    return 100 * 1.4826 * statistics.median(abs(x - m) for x in xs)

def figures(paths, blocked):
    pos = {}          # position -> deviations of log cpi from the cell median
    after_switch = [] # samples right after another workload's (none in workload-major: a lead-in ran)
    cell_sd, cell_mad = [], []
    for path in paths:
        rs = rows(path)
        cells = {}
        for r in rs:
            cells.setdefault((r['workload'], r['mode']), []).append(math.log(float(r['cycles_per_iter'])))
        med = {k: statistics.median(v) for k, v in cells.items()}
        for k, v in cells.items():
            cell_sd.append(sd_pct(v[1:] if blocked else v))  # blocked: as with a warm-up of 1
            cell_mad.append(mad_pct(v[1:] if blocked else v))
        k = 0
        for i, r in enumerate(rs):
            new_block = i == 0 or rs[i - 1]['workload'] != r['workload'] or \
                (rs[i - 1]['mode'] != r['mode'] if blocked else rs[i - 1]['rep'] != r['rep'])
            k = 0 if new_block else k + 1
            d = math.log(float(r['cycles_per_iter'])) - med[(r['workload'], r['mode'])]
            pos.setdefault(min(k, 3), []).append(d)
            if i and rs[i - 1]['workload'] != r['workload']:
                after_switch.append(d)
    return pos, after_switch, cell_sd, cell_mad

def controls(idlebench, path):
    with tempfile.NamedTemporaryFile('w', suffix='.csv', delete=False) as f:
        f.write(strip_excluded(path))
    out = subprocess.run([idlebench, 'report', f.name], capture_output=True, text=True).stdout
    os.unlink(f.name)
    res = {}
    for name, truth in (('hlt2', 0.0), ('spike', 1.0)):
        m = re.search(r'\s%s\s+expected [0-9.]+ %%, got (\S+) %% \[(\S+), (\S+)\]' % name, out)
        if m:
            lo, hi = float(m[2]), float(m[3])
            res[name] = ((hi - lo) / 2, lo <= truth <= hi)
    m = re.search(r'\n  hlt2\s+\S+ \[(\S+), (\S+)\] \(\d+\)\s+\S+ \[(\S+), (\S+)\]', out)
    if m:
        res['class_hw'] = max((float(m[2]) - float(m[1])) / 2, (float(m[4]) - float(m[3])) / 2)
    ms = re.search(r'mode switch: .*?runs (\S+) % \[(\S+), (\S+)\].*?\((\d+) cells; (\d+) samples after a change, (\d+)', out)
    if ms:
        res['switch'] = (float(ms[1]), float(ms[2]), float(ms[3]), int(ms[5]), int(ms[6]))
    stop = [l for l in open(path) if l.startswith('#! stop')]
    m = re.search(r'rounds=(\d+) .*elapsed_s=([0-9.]+)', stop[0]) if stop else None
    if m:
        res['rep_s'] = float(m[2]) / (int(m[1]) + int(meta(path, 'warmup') or 0))
        res['reps'] = int(m[1])
    return res

def main():
    idlebench, d = sys.argv[1], sys.argv[2]
    arms = [('old', 'interleaved, repetition-major (old binary)', False),
            ('new', 'interleaved, workload-major (this build)', False),
            ('blk', 'blocked, warmup=0 (this build)', True)]
    for tag, title, blocked in arms:
        paths = sorted(os.path.join(d, f) for f in os.listdir(d) if f.startswith(tag + '-') and f.endswith('.csv'))
        paths = [p for p in paths if any(l.startswith('#! end') for l in open(p))]
        if not paths:
            continue
        pos, sw, cell_sd, cell_mad = figures(paths, blocked)
        print('%s: %d runs, %s samples' % (title, len(paths), sum(len(v) for v in pos.values())))
        for k in sorted(pos):
            v = pos[k]
            print('  position %s: n=%d mean %+.2f %% median %+.2f %% sd %.2f %% robust sd %.2f %%' % (
                  k if k < 3 else '3+', len(v), 100 * statistics.mean(v), 100 * statistics.median(v), sd_pct(v), mad_pct(v)))
        if sw:
            print('  right after another workload: n=%d mean %+.2f %% median %+.2f %% sd %.2f %% robust sd %.2f %%' % (
                  len(sw), 100 * statistics.mean(sw), 100 * statistics.median(sw), sd_pct(sw), mad_pct(sw)))
        print('  within-(workload, mode) spread: median sd %.2f %%, median robust sd %.2f %% over %d cells%s' % (
              statistics.median(cell_sd), statistics.median(cell_mad), len(cell_sd),
              ' (first sample of each run left out)' if blocked else ''))
        c = [controls(idlebench, p) for p in paths]
        for name in ('hlt2', 'spike'):
            got = [x[name] for x in c if name in x]
            if got:
                print('  %s: half-width median %.2f pp (min %.2f, max %.2f); covers its truth in %d of %d' % (
                      'A/A' if name == 'hlt2' else 'spike', statistics.median(g[0] for g in got),
                      min(g[0] for g in got), max(g[0] for g in got), sum(g[1] for g in got), len(got)))
        sws = [x['switch'] for x in c if 'switch' in x]
        if len(sws) >= 2:
            # the runs are independent: the mean of their estimates, t interval across runs
            v = [math.log1p(x[0] / 100) for x in sws]
            m, se = statistics.mean(v), statistics.stdev(v) / math.sqrt(len(v))
            t = {2: 12.71, 3: 4.30, 4: 3.18, 5: 2.78, 6: 2.57, 7: 2.45, 8: 2.36, 9: 2.31, 10: 2.26, 11: 2.23,
                 12: 2.20, 13: 2.18}.get(len(v), 2.1)
            print('  mode switch over %d runs: %+.2f %% [%.2f, %.2f] (per run from %+.2f to %+.2f %%; %d samples after a '
                  'change, %d after their own mode)' % (len(v), math.expm1(m) * 100, math.expm1(m - t * se) * 100,
                  math.expm1(m + t * se) * 100, min(x[0] for x in sws), max(x[0] for x in sws),
                  sum(x[3] for x in sws), sum(x[4] for x in sws)))
        el = [x['rep_s'] * (x['reps'] + int(meta(p, 'warmup') or 0)) for x, p in zip(c, paths) if 'rep_s' in x]
        print('  sampling time per run (elapsed_s): median %.1f s' % statistics.median(el))
        if not blocked:
            need, secs = [], []
            for x in c:
                if 'class_hw' in x and 'rep_s' in x:
                    # Stein: n = n0 (t s / target)^2 / (t s)^2 ... i.e. n0 (hw / target)^2 at the same t
                    n = max(10, math.ceil(x['reps'] * (x['class_hw'] / 1.0) ** 2))
                    need.append(n)
                    # warmup 2; workload-major under the preset's budget: a lead-in per workload (1/3 of
                    # a repetition with 3 modes) after the first one-repetition segment, and after the
                    # pilot when more than it is needed
                    secs.append((n + 2 + (1 / 3 + (1 / 3 if n > 10 else 0) if tag == 'new' else 0)) * x['rep_s'])
            if need:
                print('  +-1 pp on the A/A class means (Stein, from %d-rep runs): median %d reps, %.0f s of sampling '
                      '(per repetition %.2f s)' % (c[0]['reps'], statistics.median(need), statistics.median(secs),
                                                    statistics.median(x['rep_s'] for x in c if 'rep_s' in x)))

main()
