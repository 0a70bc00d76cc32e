#!/usr/bin/env python3
"""l2_sides.py - summarise `simt-cuda micro l2_sides N STRIDE 2 1` output.

    simt-cuda micro l2_sides 256 4096 2 1 | scripts/xval/l2_sides.py

Launch 0 finds the chain in the L2 (the cudaMemcpy left it there): a load
over 400 cycles is far for its SM (F), else near (n). Launch 1 starts with
the L2 cold (FLUSH 1): its first pass reads every line from DRAM. Per SM:
launch 0's near and far medians and pattern, then launch 1's first-pass
medians over the lines launch 0 found near and far for that SM, and its
second pass's median. The last lines: the same medians over every SM's
loads. The first load of each pass (its chain's start) is left out.
"""
import re
import statistics
import sys

ROW = re.compile(r'micro=l2_sides N=(\d+) STRIDE=(\d+) FLUSH=(\d+) launch=(\d+) block=(\d+) sm=(\d+) : (.*) \| (.*)')


def med(v):
    return statistics.median(v) if v else float('nan')


def main():
    runs = {}
    for line in sys.stdin:
        m = ROW.match(line.strip())
        if not m:
            if line.startswith('#') or 'micro=' not in line:
                print(line.rstrip())
            continue
        n, stride, flush, launch, block, sm = map(int, m.groups()[:6])
        p1 = list(map(int, m.group(7).split()))
        p2 = list(map(int, m.group(8).split()))
        runs.setdefault((stride, flush), {})[(launch, sm)] = (block, p1, p2)
    for (stride, flush), r in sorted(runs.items()):
        print(f'# STRIDE={stride} FLUSH={flush}')
        tot = {'near': [], 'far': [], 'cold_near': [], 'cold_far': [], 'cold_pass2': []}
        for (launch, sm), (block, p1, p2) in sorted(r.items()):
            if launch != 0:
                continue
            far = [x > 400 for x in p1[1:]]
            near_l = [x for x, f in zip(p1[1:], far) if not f]
            far_l = [x for x, f in zip(p1[1:], far) if f]
            tot['near'] += near_l
            tot['far'] += far_l
            out = (f'sm={sm} block={block} near={len(near_l)} far={len(far_l)} '
                   f'near_median={med(near_l)} far_median={med(far_l)}')
            cold = r.get((1, sm))
            if cold and flush:
                c1, c2 = cold[1][1:], cold[2][1:]
                cn = [x for x, f in zip(c1, far) if not f]
                cf = [x for x, f in zip(c1, far) if f]
                tot['cold_near'] += cn
                tot['cold_far'] += cf
                tot['cold_pass2'] += c2
                out += f' cold_near_median={med(cn)} cold_far_median={med(cf)} cold_pass2_median={med(c2)}'
            print(out + ' lines=' + ''.join('F' if f else 'n' for f in far))
        print('all: ' + ' '.join(f'{k}_median={med(v)}' for k, v in tot.items() if v))


if __name__ == '__main__':
    main()
