import { Component, type ReactNode } from 'react';
import { ErrorDialog } from './ErrorDialog';

interface State {
  failed: boolean;
}

/** A page that fails to load or render shows the generic error dialog instead of a blank screen. */
export class RouteErrorBoundary extends Component<{ children: ReactNode }, State> {
  state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  render() {
    if (this.state.failed) {
      return <ErrorDialog opened onClose={() => this.setState({ failed: false })} />;
    }
    return this.props.children;
  }
}
