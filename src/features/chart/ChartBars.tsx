import { scaleLinear } from 'd3-scale'
import { useState } from 'react'
import type { TransactionsSummary } from '../../contract'
import {
  axisDays,
  barValue,
  brushedDays,
  bucketDays,
  dayNumber,
  isoOfDay,
  type Measure,
  tickLabel,
  weekOrigin,
} from './chart-data'
import { ChartFigure, HEIGHT, WIDTH } from './chart-figure'
import { UNMEASURED_LABEL_SIZE, useLabelSize } from './label-size'

/** The figure's margins around the bars with labels {@link UNMEASURED_LABEL_SIZE} units high: the bottom and left
 * ones hold the labels, and grow with them. */
const MARGIN = { top: 12, right: 12, bottom: 28, left: 56 }
/** A bar's widest, in the figure's units: a window of one day would otherwise be one bar half the chart wide. */
const MAX_BAR = 40
/** About as many date labels as fit under the axis at the narrow screens' type. */
const LABELS = 6

/** The summary's buckets as bars on a day axis, with a brush that picks whole buckets. */
export function Bars({
  summary,
  measure,
  currency,
  onBrush,
}: {
  summary: TransactionsSummary
  measure: Measure
  currency: string
  onBrush: (fromDay: number, toDay: number) => void
}) {
  const [svg, setSvg] = useState<SVGSVGElement | null>(null)
  const labelSize = useLabelSize(svg)
  const [drag, setDrag] = useState<{ start: number; end: number }>()
  const axis = axisDays(summary)
  if (axis === undefined) return null
  const grow = labelSize / UNMEASURED_LABEL_SIZE
  const margin = { ...MARGIN, bottom: MARGIN.bottom * grow, left: MARGIN.left * grow }
  const dateWidth = DATE_LABEL_EMS * labelSize
  const x = scaleLinear()
    .domain(axis)
    .range([margin.left, WIDTH - margin.right])
  const values = summary.buckets.flatMap((b) => [
    barValue(b.booked, measure, currency),
    barValue(b.pending, measure, currency),
  ])
  const y = scaleLinear()
    .domain([Math.min(0, ...values), Math.max(0, ...values)])
    .nice()
    .range([HEIGHT - margin.bottom, margin.top])
  const size = bucketDays(summary.bucket)
  // Booked and pending side by side, centred in their bucket with a gap to the next.
  const barWidth = Math.max(1, Math.min(MAX_BAR, (x(axis[0] + size) - x(axis[0])) * 0.4))
  // A bucket's label and its bars share its middle: a week's Monday stands under that week's bars.
  const bucketMiddle = (start: number) => x(start + size / 2)
  const dayAt = (clientX: number) => {
    const box = svg?.getBoundingClientRect()
    if (!box || box.width === 0) return axis[0]
    const local = ((clientX - box.left) / box.width) * WIDTH
    return Math.min(axis[1], Math.max(axis[0], x.invert(local)))
  }
  const bar = (value: number, left: number, className: string, key: string) => (
    <rect
      key={key}
      className={className}
      x={left}
      width={barWidth}
      y={Math.min(y(value), y(0))}
      height={Math.abs(y(value) - y(0))}
    />
  )
  const ticks = bucketTicks(axis, summary.bucket, (count) => x.ticks(count))
  const brushed = drag ? brushedDays(drag.start, drag.end, summary) : undefined
  const label = `${measure === 'count' ? 'Count' : `Sum in ${currency}`} of booked and pending transactions per ${
    summary.bucket
  }, ${summary.fromDate} to ${summary.toDate}: ${summary.count.toLocaleString('en')} transactions. The table below has the figures.`
  return (
    <ChartFigure>
      <svg
        ref={setSvg}
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-label={label}
        className="chart"
        onPointerDown={(e) => {
          e.currentTarget.setPointerCapture?.(e.pointerId)
          const day = dayAt(e.clientX)
          setDrag({ start: day, end: day })
        }}
        onPointerMove={(e) => {
          if (drag) setDrag({ ...drag, end: dayAt(e.clientX) })
        }}
        onPointerUp={(e) => {
          if (!drag) return
          const end = dayAt(e.clientX)
          setDrag(undefined)
          // A click without a drag picks its own bucket.
          onBrush(drag.start, Math.abs(end - drag.start) < 0.01 ? drag.start + 0.01 : end)
        }}
        onPointerCancel={() => setDrag(undefined)}
      >
        {y
          .ticks(4)
          // A count has no fractions.
          .filter((t) => measure === 'sum' || Number.isInteger(t))
          .map((t) => (
            <g key={`y${t}`} className="chart-grid">
              <line x1={margin.left} x2={WIDTH - margin.right} y1={y(t)} y2={y(t)} />
              <text x={margin.left - 6} y={y(t)} dy="0.32em" textAnchor="end" fontSize={labelSize}>
                {tickLabel(t)}
              </text>
            </g>
          ))}
        {summary.buckets.map((b) => {
          const middle = bucketMiddle(dayNumber(b.start))
          return [
            bar(barValue(b.booked, measure, currency), middle - barWidth, 'chart-booked', `${b.start}b`),
            bar(barValue(b.pending, measure, currency), middle, 'chart-pending', `${b.start}p`),
          ]
        })}
        {apart(ticks, bucketMiddle, dateWidth).map((t) => (
          <text
            key={`x${t}`}
            className="chart-axis"
            x={bucketMiddle(t)}
            y={HEIGHT - 8 * grow}
            fontSize={labelSize}
            textAnchor={tickAnchor(bucketMiddle(t), dateWidth)}
          >
            {isoOfDay(t)}
          </text>
        ))}
        {brushed ? (
          <rect
            className="chart-brush"
            x={x(brushed[0])}
            width={x(brushed[1]) - x(brushed[0])}
            y={margin.top}
            height={HEIGHT - margin.top - margin.bottom}
          />
        ) : null}
      </svg>
    </ChartFigure>
  )
}

/**
 * The buckets labelled under the axis, by their first day: days as d3 spaces them, weeks by their Mondays
 * (every so many, for about {@link LABELS}). A date, not a boundary: the axis ends on the day after its last.
 */
function bucketTicks(
  [first, end]: [number, number],
  bucket: TransactionsSummary['bucket'],
  dayTicks: (count: number) => number[],
): number[] {
  if (bucket === 'day') return dayTicks(LABELS).filter((t) => Number.isInteger(t) && t < end)
  const mondays: number[] = []
  for (let monday = weekOrigin(first); monday < end; monday += 7) if (monday >= first) mondays.push(monday)
  const every = Math.ceil(mondays.length / LABELS)
  return mondays.filter((_, i) => i % every === 0)
}

/** A date label's width in its type's size: ten characters, most of them digits of about 0.6 em. */
const DATE_LABEL_EMS = 6.2

/** A date label `width` units wide near either edge is anchored inside the figure, so none is cut off. */
function tickAnchor(at: number, width: number): 'start' | 'middle' | 'end' {
  if (at > WIDTH - width / 2) return 'end'
  return at < width / 2 ? 'start' : 'middle'
}

/** The ticks whose labels, anchored as {@link tickAnchor} places them, do not run into the one before. */
function apart(ticks: number[], x: (day: number) => number, width: number): number[] {
  const kept: number[] = []
  let end = Number.NEGATIVE_INFINITY
  for (const t of ticks) {
    const at = x(t)
    const anchor = tickAnchor(at, width)
    const start = anchor === 'start' ? at : anchor === 'end' ? at - width : at - width / 2
    if (start < end) continue
    kept.push(t)
    end = start + width
  }
  return kept
}
