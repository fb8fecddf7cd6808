import type { ReactNode } from 'react'

/** The bars' drawing box in SVG units: the figure scales it to the panel's width (styles.css, `.chart`). */
export const WIDTH = 800
export const HEIGHT = 220

/** The figure around the bars' SVG: its legend below it. */
export function ChartFigure({ children }: { children: ReactNode }) {
  return (
    <div className="chart-figure">
      {children}
      <p className="chart-legend" aria-hidden="true">
        <span className="swatch chart-booked" /> booked <span className="swatch chart-pending" /> pending
      </p>
    </div>
  )
}

/** The figure's box while the bars' code loads: the same size, so the totals and the table below stay put. */
export function BarsPlaceholder() {
  return (
    <ChartFigure>
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} className="chart" aria-hidden="true" />
    </ChartFigure>
  )
}
