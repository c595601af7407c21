package dev.jprofdata.format.sample;

/**
 * One frame of a calling context: a function and the place in it of the call to the next frame
 * (for the leaf frame normally {@link LineLocation#ZERO}).
 */
public record ContextFrame(FunctionId function, LineLocation callsite) implements Comparable<ContextFrame> {
    @Override
    public int compareTo(ContextFrame o) {
        int c = function.compareTo(o.function);
        return c != 0 ? c : callsite.compareTo(o.callsite);
    }
}
