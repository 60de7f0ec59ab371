/**
 * The dashboard's chart (issue 27): revenue incl. VAT per day of one market as bars, drawn with
 * uPlot (a small canvas chart library). The canvas is hidden from assistive technology: the same
 * figures are in the table beside it (RevenueTable in Dashboard.tsx), which everyone can read.
 */
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { formatAxisAmount } from '../money.ts';

/** One bar: a day (`yyyy-mm-dd`) and its revenue incl. VAT in minor units. */
export interface ChartDay {
  day: string;
  revenueIncVat: number;
}

const HEIGHT = 240;

/** The primary colour of the shop's tokens (the canvas cannot read CSS variables). */
function primaryColour(element: HTMLElement): string {
  return getComputedStyle(element).getPropertyValue('--color-primary').trim() || '#510c76';
}

/** Bars of `days` (in order, one per day) for `currency`, as wide as its container. */
export function RevenueChart({ days, currency }: { days: ChartDay[]; currency: string }) {
  const container = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const colour = primaryColour(element);
    const dayLabel = new Intl.DateTimeFormat('sv-SE', {
      day: 'numeric',
      month: 'numeric',
      timeZone: 'UTC',
    });
    const xs = days.map((d) => Date.parse(`${d.day}T00:00:00Z`) / 1000);
    const ys = days.map((d) => d.revenueIncVat / 100);
    const options: uPlot.Options = {
      width: Math.max(element.clientWidth, 280),
      height: HEIGHT,
      legend: { show: false },
      cursor: { show: false },
      select: { show: false, left: 0, top: 0, width: 0, height: 0 },
      scales: { x: { time: false, range: (_u, min, max) => [min - 43_200, max + 43_200] } },
      axes: [
        {
          values: (_u, splits) => splits.map((s) => dayLabel.format(new Date(s * 1000))),
          space: 44,
          incrs: [86_400, 2 * 86_400, 7 * 86_400],
          stroke: '#1d1a21',
        },
        {
          values: (_u, splits) => splits.map((s) => formatAxisAmount(s, currency)),
          size: 72,
          stroke: '#1d1a21',
        },
      ],
      series: [
        {},
        {
          label: 'Försäljning inkl. moms',
          stroke: colour,
          fill: colour,
          paths: uPlot.paths.bars!({ size: [0.7, 40] }),
          points: { show: false },
        },
      ],
    };
    const plot = new uPlot(options, [xs, ys], element);
    const resize = new ResizeObserver(() =>
      plot.setSize({ width: Math.max(element.clientWidth, 280), height: HEIGHT }),
    );
    resize.observe(element);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [days, currency]);
  return <div className="revenue-chart" ref={container} aria-hidden="true" />;
}
