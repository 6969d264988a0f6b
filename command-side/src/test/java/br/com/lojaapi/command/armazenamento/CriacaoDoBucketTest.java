package br.com.lojaapi.command.armazenamento;

import io.minio.BucketExistsArgs;
import io.minio.MakeBucketArgs;
import io.minio.MinioClient;
import io.minio.errors.ErrorResponseException;
import io.minio.messages.ErrorResponse;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.Mockito.doThrow;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.when;

/**
 * What an S3-compatible store answers to the creation of a bucket that someone else just created: ours counts as
 * created, another account's does not. Several nodes starting at once against a real store are
 * api-gateway's {@code CorridaPeloBucketTest}.
 */
class CriacaoDoBucketTest {

    @Test
    void bucketAlreadyExistsContaComoSucessoQuandoOBucketNosResponde() throws Exception {
        MinioClient cliente = mock(MinioClient.class);
        doThrow(erro("BucketAlreadyExists")).when(cliente).makeBucket(any(MakeBucketArgs.class));
        when(cliente.bucketExists(any(BucketExistsArgs.class))).thenReturn(true);

        ArmazenamentoDeObjetos.criarBucket(cliente, "loja");
    }

    @Test
    void bucketAlreadyExistsDeOutraContaFalha() throws Exception {
        MinioClient cliente = mock(MinioClient.class);
        doThrow(erro("BucketAlreadyExists")).when(cliente).makeBucket(any(MakeBucketArgs.class));
        when(cliente.bucketExists(any(BucketExistsArgs.class))).thenThrow(erro("AccessDenied"));

        assertThatThrownBy(() -> ArmazenamentoDeObjetos.criarBucket(cliente, "loja"))
                .isInstanceOf(ErrorResponseException.class)
                .satisfies(e -> assertThat(((ErrorResponseException) e).errorResponse().code())
                        .isEqualTo("BucketAlreadyExists"));
    }

    @Test
    void outrosErrosNaCriacaoContinuamFalhando() throws Exception {
        MinioClient cliente = mock(MinioClient.class);
        doThrow(erro("AccessDenied")).when(cliente).makeBucket(any(MakeBucketArgs.class));
        when(cliente.bucketExists(any(BucketExistsArgs.class))).thenReturn(true);

        assertThatThrownBy(() -> ArmazenamentoDeObjetos.criarBucket(cliente, "loja"))
                .isInstanceOf(ErrorResponseException.class);
    }

    private static ErrorResponseException erro(String codigo) {
        return new ErrorResponseException(new ErrorResponse(codigo, codigo, "loja", null, "/loja", "req", "host"),
                null, null);
    }
}
