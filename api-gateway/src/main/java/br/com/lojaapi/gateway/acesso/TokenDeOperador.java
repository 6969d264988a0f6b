package br.com.lojaapi.gateway.acesso;

import br.com.lojaapi.gateway.infra.DiretorioDeDados;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.stereotype.Component;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.MessageDigest;
import java.util.EnumSet;
import java.util.Set;

/**
 * The operator token of {@code /admin}: {@code ADMIN_TOKEN} when set (never written anywhere), else the one kept in
 * {@code DATA_DIR/admin-token}, generated on the first start (mode 0600, the token and a newline). Either way it is
 * printed at every start, so the operator of a single node never has to set anything; nodes that share a database
 * but not a data directory need the same {@code ADMIN_TOKEN}.
 */
@Component
public class TokenDeOperador {

    private static final Logger log = LoggerFactory.getLogger(TokenDeOperador.class);
    static final String ARQUIVO = "admin-token";
    private static final Set<PosixFilePermission> SO_O_DONO =
            EnumSet.of(PosixFilePermission.OWNER_READ, PosixFilePermission.OWNER_WRITE);

    private final byte[] hash;

    @Autowired
    TokenDeOperador(@Value("${loja.admin.token:}") String configurado, DiretorioDeDados dados) {
        this(configurado, dados.resolver(ARQUIVO));
    }

    TokenDeOperador(String configurado, Path arquivo) {
        String token = configurado == null ? "" : configurado.strip();
        if (token.isEmpty()) {
            token = doArquivo(arquivo);
        } else if (!Tokens.formatoValido(token)) {
            // Checked here with the rule requests are checked with: a token the filter would reject could never
            // authenticate, and the operator would only find out from a wall of 401s.
            throw new IllegalStateException(
                    "ADMIN_TOKEN deve ter de 16 a 200 caracteres entre letras, dígitos, '-' e '_' (por exemplo: openssl rand -hex 32)");
        }
        this.hash = Tokens.hash(token);
    }

    boolean confere(String token) {
        return token != null && MessageDigest.isEqual(hash, Tokens.hash(token));
    }

    private static String doArquivo(Path arquivo) {
        try {
            if (Files.exists(arquivo)) {
                String token = lido(arquivo);
                log.warn("Token de operador (/admin), guardado em {}: {}", arquivo, token);
                return token;
            }
            String token = Tokens.gerar("adm_");
            if (criado(arquivo, token)) {
                log.warn("ADMIN_TOKEN não definido; token de operador gerado e guardado em {} (modo 0600): {}",
                        arquivo, token);
                return token;
            }
            String outro = lido(arquivo);
            log.warn("Token de operador (/admin), guardado em {}: {}", arquivo, outro);
            return outro;
        } catch (IOException e) {
            throw new UncheckedIOException("Não foi possível ler nem criar o token de operador em " + arquivo
                                           + "; confira DATA_DIR ou defina ADMIN_TOKEN", e);
        }
    }

    private static String lido(Path arquivo) throws IOException {
        String token = Files.readString(arquivo, StandardCharsets.UTF_8).strip();
        if (!Tokens.formatoValido(token)) {
            throw new IllegalStateException("O arquivo " + arquivo + " não contém um token de operador válido (de 16"
                    + " a 200 caracteres entre letras, dígitos, '-' e '_'): corrija-o, apague-o para gerar outro, ou"
                    + " defina ADMIN_TOKEN");
        }
        if (Files.getFileStore(arquivo).supportsFileAttributeView("posix")
            && !SO_O_DONO.containsAll(Files.getPosixFilePermissions(arquivo))) {
            log.warn("O token de operador em {} pode ser lido por outros usuários: chmod 600 {}", arquivo, arquivo);
        }
        return token;
    }

    /**
     * Writes the whole file under a temporary name and links it into place: the link fails when the file exists,
     * so a second process starting at the same moment reads the first one's token rather than replacing it, and no
     * reader ever sees a half-written file. False when another process was first.
     */
    private static boolean criado(Path arquivo, String token) throws IOException {
        Path pasta = arquivo.getParent();
        Files.createDirectories(pasta);
        boolean posix = Files.getFileStore(pasta).supportsFileAttributeView("posix");
        Path temporario = posix
                ? Files.createTempFile(pasta, ARQUIVO, ".tmp", PosixFilePermissions.asFileAttribute(SO_O_DONO))
                : Files.createTempFile(pasta, ARQUIVO, ".tmp");
        try {
            if (posix) {
                Files.setPosixFilePermissions(temporario, SO_O_DONO);
            }
            Files.writeString(temporario, token + "\n", StandardCharsets.UTF_8);
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
