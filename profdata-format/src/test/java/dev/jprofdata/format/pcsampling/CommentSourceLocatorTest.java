package dev.jprofdata.format.pcsampling;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** rocprofv3's comments as source stacks (spec/pc-sampling.md, "Source lines"). */
class CommentSourceLocatorTest {
    @Test
    void aLeafLine() {
        assertThat(CommentSourceLocator.parse("/home/u/vector-ops.cpp:133"))
                .containsExactly(new SourceFrame(null, "/home/u/vector-ops.cpp", 133, 0));
    }

    @Test
    void anInlineChainIsInnermostFirstAndAQuestionMarkIsAnUnknownLine() {
        // The shape of the MI300X run's comments (fixtures/pc-sampling/README.md).
        List<SourceFrame> f = CommentSourceLocator.parse(
                "/opt/rocm/include/hip/amd_detail/amd_hip_runtime.h:? -> /opt/rocm/include/hip/amd_detail/amd_hip_runtime.h:290"
                        + " -> /app/vcopy.cpp:18");
        assertThat(f).extracting(SourceFrame::line).containsExactly(0, 290, 18);
        assertThat(f.get(0).fileLine()).isEqualTo("/opt/rocm/include/hip/amd_detail/amd_hip_runtime.h:?");
        assertThat(f.get(2).file()).isEqualTo("/app/vcopy.cpp");
    }

    @Test
    void noCommentAndUndecodableSamplesHaveNoFrames() {
        assertThat(CommentSourceLocator.parse("")).isEmpty();
        assertThat(CommentSourceLocator.parse("Unrecognized code object id, physical virtual address of PC:1234"))
                .isEmpty();
        assertThat(new CommentSourceLocator().frames(new CodeLocation(-1, -1, "s_endpgm", ""))).isEmpty();
    }

    @Test
    void theLastColonSeparatesTheLine() {
        assertThat(CommentSourceLocator.parse("C:/src/k.hip:42")).containsExactly(new SourceFrame(null, "C:/src/k.hip",
                42, 0));
        assertThat(CommentSourceLocator.parse("weird:name")).containsExactly(new SourceFrame(null, "weird:name", 0, 0));
    }
}
