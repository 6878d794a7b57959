import type { AnalyticsSeries } from "@reelmart/core/api/analytics";
import { useEffect, useRef } from "react";
import uPlot from "uplot";
import "uplot/dist/uPlot.min.css";

/** Views, add-to-carts and orders per day, drawn by uPlot to the width of its frame. Hidden from screen readers: the table beside it says the same. */
export function SeriesChart({ days }: { days: AnalyticsSeries["days"] }) {
  const frame = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = frame.current;
    if (!element) return;
    const data: uPlot.AlignedData = [
      days.map((day) => Date.parse(`${day.day}T00:00:00Z`) / 1000),
      days.map((day) => day.views),
      days.map((day) => day.addToCarts),
      days.map((day) => day.orders),
    ];
    const axis = { stroke: "#a3a3a3", grid: { stroke: "rgba(255,255,255,0.08)" }, ticks: { stroke: "rgba(255,255,255,0.15)" } };
    const chart = new uPlot(
      {
        width: element.clientWidth,
        height: 240,
        tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), "Etc/UTC"),
        series: [
          {},
          { label: "Views", stroke: "#fb7185", width: 2 },
          { label: "Add to carts", stroke: "#38bdf8", width: 2 },
          { label: "Orders", stroke: "#facc15", width: 2 },
        ],
        axes: [axis, axis],
        scales: { x: { time: true } },
      },
      data,
      element,
    );
    const resize = new ResizeObserver(() => chart.setSize({ width: element.clientWidth, height: 240 }));
    resize.observe(element);
    return () => {
      resize.disconnect();
      chart.destroy();
    };
  }, [days]);
  return <div ref={frame} aria-hidden="true" className="w-full text-neutral-300" />;
}
