package br.com.lojaapi.gateway.objetos;

import br.com.lojaapi.command.armazenamento.ArmazenamentoDeObjetos;
import io.minio.MinioClient;
import io.minio.errors.ErrorResponseException;
import org.gaul.s3proxy.S3Proxy;
import org.gaul.s3proxy.auth.AuthenticationType;
import org.gaul.s3proxy.nio2blob.FilesystemNio2BlobStore;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.HexFormat;

/**
 * An S3-compatible server (s3proxy) inside the application, storing objects as files under a directory, for the
 * default mode without {@code S3_ENDPOINT}. Only 127.0.0.1 and only with this start's own random credentials, so
 * the service's one code path (the MinIO client, {@link ArmazenamentoDeObjetos}) is the same in tests, in the
 * embedded default and against a real S3. It is a web server (a shaded Jetty on the servlet API), so it stays with
 * the application, like the embedded PostgreSQL.
 */
final class S3Embutido implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(S3Embutido.class);

    private final S3Proxy servidor;

    /** The object storage on a server started here, with its data under {@code diretorio}; closed with it. */
    static ArmazenamentoDeObjetos armazenamento(Path diretorio, String bucket) throws Exception {
        Path raiz = diretorio.toAbsolutePath().normalize();
        String chave = "loja-" + aleatorio(8);
        String segredo = aleatorio(24);
        S3Embutido servidor = new S3Embutido(raiz, chave, segredo);
        try {
            MinioClient cliente = MinioClient.builder().endpoint(servidor.endereco()).region("us-east-1")
                                             .credentials(chave, segredo).build();
            log.info("Armazenamento de objetos embutido em {} com dados em {}", servidor.endereco(), raiz);
            return ArmazenamentoDeObjetos.embutido(cliente, bucket, servidor);
        } catch (ErrorResponseException e) {
            servidor.close();
            // the store's own answer ("Bad request") says nothing about the cause, which is always the directory
            throw new IllegalStateException("O armazenamento de objetos embutido recusou o bucket " + bucket
                    + " com os dados em " + raiz + " (" + e.errorResponse().code() + ": "
                    + e.errorResponse().message() + "). Confira DATA_DIR (esse diretório deve existir ou poder ser"
                    + " criado, e ser gravável) ou use um armazenamento externo com S3_ENDPOINT", e);
        } catch (Exception e) {
            servidor.close();
            throw e;
        }
    }

    S3Embutido(Path diretorio, String chave, String segredo) throws Exception {
        // s3proxy compares normalised object paths with this root as given: it must be normalised too
        Path raiz = diretorio.toAbsolutePath().normalize();
        Files.createDirectories(raiz);
        servidor = S3Proxy.builder()
                          .blobStore(new FilesystemNio2BlobStore(raiz.toString()))
                          .endpoint(URI.create("http://127.0.0.1:0"))
                          .awsAuthentication(AuthenticationType.AWS_V4, chave, segredo)
                          .jettyMaxThreads(16)
                          .stopTimeout(2_000)
                          .build();
        servidor.start();
    }

    String endereco() {
        return "http://127.0.0.1:" + servidor.getPort();
    }

    @Override
    public void close() throws Exception {
        servidor.stop();
    }

    private static String aleatorio(int bytes) {
        byte[] valor = new byte[bytes];
        new SecureRandom().nextBytes(valor);
        return HexFormat.of().formatHex(valor);
    }
}
