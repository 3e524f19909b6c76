/**
 * The width charts are drawn at. Null (the app): each chart fills its container and follows its size.
 * A number (component tests, where nothing has a size): every chart is drawn exactly that wide.
 */
import { createContext } from 'react'

export const ChartWidthContext = createContext<number | null>(null)
