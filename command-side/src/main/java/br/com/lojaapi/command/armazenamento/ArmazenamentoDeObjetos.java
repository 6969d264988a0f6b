package br.com.lojaapi.command.armazenamento;

import br.com.lojaapi.command.comum.Armazenamento;
import io.minio.BucketExistsArgs;
import io.minio.GetObjectArgs;
import io.minio.MakeBucketArgs;
import io.minio.MinioClient;
import io.minio.PutObjectArgs;
import io.minio.RemoveObjectArgs;
import io.minio.StatObjectArgs;
import io.minio.StatObjectResponse;
import io.minio.errors.ErrorResponseException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.util.Optional;

/**
 * The service's object storage: one bucket of an S3-compatible store, reached with the MinIO client. With no
 * endpoint configured api-gateway starts an embedded store under {@code DATA_DIR/objects} ({@code S3Embutido}) and
 * hands it over to close with this one.
 */
public class ArmazenamentoDeObjetos implements Armazenamento, AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(ArmazenamentoDeObjetos.class);

    private final MinioClient cliente;
    private final String bucket;
    private final AutoCloseable embutido;

    private ArmazenamentoDeObjetos(MinioClient cliente, String bucket, AutoCloseable embutido) throws Exception {
        this.cliente = cliente;
        this.bucket = bucket;
        this.embutido = embutido;
        garantirBucket(cliente, bucket);
    }

    /**
     * Creates the bucket unless it exists. Nodes starting together (docker-compose starts both at once) all see it
     * missing and all try to create it: the losers get "BucketAlreadyOwnedByYou", which means it is there and ours.
     * "BucketAlreadyExists" means another account owns the name on AWS, but some S3-compatible stores answer it to
     * the same account too, so it counts as success only when the bucket is then reachable with our credentials.
     */
    static void garantirBucket(MinioClient cliente, String bucket) throws Exception {
        if (!cliente.bucketExists(BucketExistsArgs.builder().bucket(bucket).build())) {
            criarBucket(cliente, bucket);
        }
    }

    /** Creates the bucket, where someone having just created it counts as done (see {@link #garantirBucket}). */
    public static void criarBucket(MinioClient cliente, String bucket) throws Exception {
        try {
            cliente.makeBucket(MakeBucketArgs.builder().bucket(bucket).build());
        } catch (ErrorResponseException e) {
            String codigo = e.errorResponse().code();
            if ("BucketAlreadyOwnedByYou".equals(codigo)) {
                log.info("Bucket {} criado ao mesmo tempo por outro nó", bucket);
                return;
            }
            if ("BucketAlreadyExists".equals(codigo) && acessivel(cliente, bucket)) {
                log.info("Bucket {} já existe e é acessível", bucket);
                return;
            }
            throw e;
        }
    }

    private static boolean acessivel(MinioClient cliente, String bucket) {
        try {
            return cliente.bucketExists(BucketExistsArgs.builder().bucket(bucket).build());
        } catch (Exception e) {
            return false;
        }
    }

    public static ArmazenamentoDeObjetos externo(String endereco, String chave, String segredo, String bucket,
                                                 String regiao) throws Exception {
        MinioClient cliente = MinioClient.builder().endpoint(endereco).region(regiao).credentials(chave, segredo).build();
        log.info("Armazenamento de objetos em {} (bucket {})", endereco, bucket);
        return new ArmazenamentoDeObjetos(cliente, bucket, null);
    }

    /** On a store started for it (the embedded one), which is closed with it. */
    public static ArmazenamentoDeObjetos embutido(MinioClient cliente, String bucket, AutoCloseable servidor)
            throws Exception {
        return new ArmazenamentoDeObjetos(cliente, bucket, servidor);
    }

    @Override
    public void guardar(String chave, byte[] conteudo, String tipo) throws Exception {
        cliente.putObject(PutObjectArgs.builder().bucket(bucket).object(chave)
                                       .stream(new ByteArrayInputStream(conteudo), (long) conteudo.length, null)
                                       .contentType(tipo).build());
    }

    /** The object's metadata, or empty when there is no such object. */
    public Optional<StatObjectResponse> descrever(String chave) throws Exception {
        try {
            return Optional.of(cliente.statObject(StatObjectArgs.builder().bucket(bucket).object(chave).build()));
        } catch (ErrorResponseException e) {
            if ("NoSuchKey".equals(e.errorResponse().code()) || "NoSuchObject".equals(e.errorResponse().code())) {
                return Optional.empty();
            }
            throw e;
        }
    }

    @Override
    public boolean existe(String chave) throws Exception {
        return descrever(chave).isPresent();
    }

    public InputStream ler(String chave) throws Exception {
        return cliente.getObject(GetObjectArgs.builder().bucket(bucket).object(chave).build());
    }

    @Override
    public Optional<InputStream> abrir(String chave) throws Exception {
        try {
            return Optional.of(ler(chave));
        } catch (ErrorResponseException e) {
            if ("NoSuchKey".equals(e.errorResponse().code())) {
                return Optional.empty();
            }
            throw e;
        }
    }

    /** Deletes the object; deleting one that does not exist is not an error. */
    @Override
    public void remover(String chave) throws Exception {
        cliente.removeObject(RemoveObjectArgs.builder().bucket(bucket).object(chave).build());
    }

    /** For readiness checks: the bucket answers. */
    public boolean disponivel() {
        try {
            return cliente.bucketExists(BucketExistsArgs.builder().bucket(bucket).build());
        } catch (Exception e) {
            return false;
        }
    }

    /**
     * Closes the client too: its OkHttp dispatcher thread is not a daemon, and left running it kept the JVM alive
     * for a minute after a failed start-up.
     */
    @Override
    public void close() throws Exception {
        try {
            cliente.close();
        } finally {
            if (embutido != null) {
                embutido.close();
            }
        }
    }
}
