package br.com.lojaapi.gateway.objetos;

import org.gaul.s3proxy.S3Proxy;
import org.gaul.s3proxy.auth.AuthenticationType;
import org.gaul.s3proxy.nio2blob.FilesystemNio2BlobStore;

import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * An S3-compatible server (s3proxy) inside the application, storing objects as files under a directory, for the
 * default mode without {@code S3_ENDPOINT}. Only 127.0.0.1 and only with this start's own random credentials, so
 * the service's one code path (the MinIO client) is the same in tests, in the embedded default and against a
 * real S3.
 */
final class S3Embutido implements AutoCloseable {

    private final S3Proxy servidor;

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
}
