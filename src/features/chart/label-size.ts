import { useEffect, useState } from 'react'
import { HEIGHT, WIDTH } from './chart-figure'

/** The labels' size in the page's type: a table's small print, so presenter mode's 20 px grows them too. */
const LABEL_EM = 0.85
/** The labels' size in the figure's units until the figure is measured, or where it is not laid out (jsdom). */
export const UNMEASURED_LABEL_SIZE = 11

/**
 * The labels' font size in the figure's units, for them to show at {@link LABEL_EM} of the page's type
 * however large the figure is drawn. The viewBox scales its text with the figure, not with the page's type:
 * a size fixed in its units stayed at 13 px when presenter mode took the page from 14 to 20 px, and was
 * the smallest text on screen. Measured again whenever the figure's box changes, which a change of type
 * does too (its legend is a line of it).
 */
export function useLabelSize(svg: SVGSVGElement | null): number {
  const [size, setSize] = useState(UNMEASURED_LABEL_SIZE)
  useEffect(() => {
    const figure = svg?.parentElement
    if (!svg || !figure || typeof ResizeObserver === 'undefined') return
    const observer = new ResizeObserver(() => {
      const box = svg.getBoundingClientRect()
      // The viewBox's "meet": the smaller of the two scales draws the figure (its height is capped).
      const scale = Math.min(box.width / WIDTH, box.height / HEIGHT)
      if (scale > 0) setSize((Number.parseFloat(getComputedStyle(svg).fontSize) * LABEL_EM) / scale)
    })
    observer.observe(figure)
    return () => observer.disconnect()
  }, [svg])
  return size
}
