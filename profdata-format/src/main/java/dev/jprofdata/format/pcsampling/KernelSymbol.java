package dev.jprofdata.format.pcsampling;

/**
 * A kernel symbol of a results JSON ({@code kernel_symbols[]}).
 *
 * @param kernelId the id dispatches refer to (never its position in the array)
 * @param codeObjectId the code object holding the kernel
 * @param symbolName the ELF symbol, {@code kernel_name} without its {@code .kd} suffix
 * @param displayName the name to show: {@code formatted_kernel_name}, else the truncated or
 *     demangled name, else the symbol
 * @param kernelAddress the kernel's entry address ({@code kernel_address.handle}); minus its code
 *     object's load base it is the entry's offset in the code object. -1 when unknown
 */
public record KernelSymbol(long kernelId, long codeObjectId, String symbolName, String displayName,
        long kernelAddress) {
}
