package br.com.lojaapi.gateway.infra;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.EnumSet;
import java.util.Set;
import java.util.function.Predicate;
import java.util.function.Supplier;

/**
 * A secret the service generates once and keeps in a file of its own under {@code DATA_DIR} (mode 0600, the value
 * and a newline): the operator token, the embedded database's password, the key of webhook secrets. Every node or
 * process that starts on the same directory reads the same value; two starting at once agree on the first one's.
 */
public final class ArquivoSecreto {

    private static final Logger log = LoggerFactory.getLogger(ArquivoSecreto.class);
    private static final Set<PosixFilePermission> SO_O_DONO =
            EnumSet.of(PosixFilePermission.OWNER_READ, PosixFilePermission.OWNER_WRITE);

    private ArquivoSecreto() {
    }

    /** The value kept, and whether this call created it. */
    public record Lido(String valor, boolean criado) {
    }

    /**
     * The value kept in {@code arquivo}, or a new one from {@code gerar} written there when there is none. A kept
     * value that {@code valido} refuses stops the start with a message naming the file and {@code oQueE} (what the
     * file holds, for that message); a file others may read is kept but warned about.
     */
    public static Lido lerOuCriar(Path arquivo, Supplier<String> gerar, Predicate<String> valido, String oQueE)
            throws IOException {
        if (Files.exists(arquivo)) {
            return new Lido(lido(arquivo, valido, oQueE), false);
        }
        String novo = gerar.get();
        if (criado(arquivo, novo)) {
            return new Lido(novo, true);
        }
        return new Lido(lido(arquivo, valido, oQueE), false);
    }

    private static String lido(Path arquivo, Predicate<String> valido, String oQueE) throws IOException {
        String valor = Files.readString(arquivo, StandardCharsets.UTF_8).strip();
        if (!valido.test(valor)) {
            throw new IllegalStateException("O arquivo " + arquivo + " não contém " + oQueE
                                            + " válido: corrija-o ou apague-o para gerar outro");
        }
        if (Files.getFileStore(arquivo).supportsFileAttributeView("posix")
            && !SO_O_DONO.containsAll(Files.getPosixFilePermissions(arquivo))) {
            log.warn("O arquivo {} ({}) pode ser lido por outros usuários: chmod 600 {}", arquivo, oQueE, arquivo);
        }
        return valor;
    }

    /**
     * Writes the whole file under a temporary name and links it into place: the link fails when the file exists,
     * so a second process starting at the same moment reads the first one's value rather than replacing it, and no
     * reader ever sees a half-written file. False when another process was first.
     */
    private static boolean criado(Path arquivo, String valor) throws IOException {
        Path pasta = arquivo.toAbsolutePath().getParent();
        Files.createDirectories(pasta);
        boolean posix = Files.getFileStore(pasta).supportsFileAttributeView("posix");
        String prefixo = arquivo.getFileName().toString();
        Path temporario = posix
                ? Files.createTempFile(pasta, prefixo, ".tmp", PosixFilePermissions.asFileAttribute(SO_O_DONO))
                : Files.createTempFile(pasta, prefixo, ".tmp");
        try {
            if (posix) {
                Files.setPosixFilePermissions(temporario, SO_O_DONO);
            }
            Files.writeString(temporario, valor + "\n", StandardCharsets.UTF_8);
            try {
                Files.createLink(arquivo, temporario);
                return true;
            } catch (FileAlreadyExistsException e) {
                return false;
            } catch (UnsupportedOperationException e) {
                Files.move(temporario, arquivo);
                return true;
            }
        } finally {
            Files.deleteIfExists(temporario);
        }
    }
}
