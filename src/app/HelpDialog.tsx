import type { MouseEvent } from 'react'
import { Dialog, DialogCancel } from '../ui/Dialog'
import { CREATED_BY } from '../ui/download'
import { type HelpTopic, helpTopics } from '../ui/help'
import { HelpText } from './help-text'

const sectionId = (topic: HelpTopic) => `help-${topic}`
const topicList = Object.keys(helpTopics) as HelpTopic[]

/**
 * Opens at the top: its list of topics comes first, so that is where the dialog puts the focus (the first
 * control of a dialog without one would be the last link, and the dialog would open scrolled to the end).
 */
export function HelpDialog({ onClose }: { onClose: () => void }) {
  // In the dialog, not the address: a fragment would be a history entry, and Back a step inside Help.
  const goTo = (topic: HelpTopic) => (event: MouseEvent) => {
    event.preventDefault()
    const heading = document.getElementById(sectionId(topic))
    heading?.scrollIntoView({ block: 'start' })
    heading?.focus()
  }
  return (
    <Dialog title="Help" onClose={onClose}>
      <div className="help">
        <nav aria-label="Help topics" className="help-topics">
          <ul>
            {topicList.map((topic) => (
              <li key={topic}>
                <a href={`#${sectionId(topic)}`} onClick={goTo(topic)}>
                  {helpTopics[topic]}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        {topicList.map((topic) => (
          <section key={topic} aria-labelledby={sectionId(topic)}>
            <h3 id={sectionId(topic)} tabIndex={-1}>
              {helpTopics[topic]}
            </h3>
            <HelpText topic={topic} />
          </section>
        ))}
        <p className="hint">
          {/* The version every export names too, so a partner can tell support which console they use. */}
          This is {CREATED_BY}.
        </p>
      </div>
      <footer className="dialog-actions">
        <DialogCancel>Close</DialogCancel>
      </footer>
    </Dialog>
  )
}
