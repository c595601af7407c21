package dev.jprofdata.spark;

import dev.jprofdata.merge.MergeStateFormatException;
import dev.jprofdata.merge.PartialMerge;
import dev.jprofdata.merge.sample.SampleMergeOptions;
import dev.jprofdata.merge.sample.SamplePartialMerge;
import java.io.Serializable;
import org.apache.spark.SparkEnv;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * A partial merge as it travels between executors and to the driver: its bytes
 * ({@link PartialMerge#encode} or {@link SamplePartialMerge#encode}, spec/spark.md) and, for each input of it that failed, where it was
 * read (executor and host), for the report.
 */
public record EncodedPart(byte[] bytes, Map<String, String> failedOn) implements Serializable {
    public EncodedPart {
        failedOn = new TreeMap<>(failedOn);
    }

    /** This part decoded, checked to be a part of a merge of {@code inputCount} inputs. */
    PartialMerge decode(int inputCount, String source) throws MergeStateFormatException {
        return PartialMerge.decode(bytes, source, inputCount);
    }

    /** This part decoded as a partial sample merge ({@link SamplePartialMerge#encode}). */
    SamplePartialMerge decodeSample(int inputCount, String source, SampleMergeOptions options)
            throws MergeStateFormatException {
        return SamplePartialMerge.decode(bytes, source, inputCount, options);
    }

    /** A part made on this executor, whose failed inputs ({@code failedFiles}) were read here. */
    static EncodedPart readHere(byte[] bytes, List<String> failedFiles) {
        Map<String, String> failedOn = new TreeMap<>();
        String where = where();
        for (String file : failedFiles) {
            failedOn.put(file, where);
        }
        return new EncodedPart(bytes, failedOn);
    }

    /** This executor, as the report names it. */
    private static String where() {
        SparkEnv env = SparkEnv.get();
        String host;
        try {
            host = java.net.InetAddress.getLocalHost().getHostName();
        } catch (java.io.IOException e) {
            host = "unknown host";
        }
        return "executor " + (env == null ? "?" : env.executorId()) + " on " + host;
    }
}
