import { Component, type ReactNode } from 'react'

interface ErrorBoundaryProps {
  /** Rendered in place of `children` once one of them threw; may rethrow what it does not handle. */
  fallback: (error: unknown) => ReactNode
  children: ReactNode
}

type ErrorBoundaryState = { failed: false } | { failed: true; error: unknown }

/**
 * React catches render errors only in a class component (there is no hook for it). What to show is the
 * caller's: a fallback that throws hands the error on to the next boundary up.
 */
export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { failed: false }

  static getDerivedStateFromError(error: unknown): ErrorBoundaryState {
    return { failed: true, error }
  }

  override render() {
    return this.state.failed ? this.props.fallback(this.state.error) : this.props.children
  }
}
