package br.com.lojaapi.gateway.cliente;

import br.com.lojaapi.command.entrega.RecursosComoGet;
import br.com.lojaapi.coreapi.cliente.ClienteView;
import br.com.lojaapi.coreapi.cliente.DadosCliente;
import io.swagger.v3.oas.annotations.media.Schema;

import java.time.Instant;

@Schema(name = "Cliente")
public record ClienteJson(
        @Schema(example = "6f1c2a9e-2b1d-4c53-9a55-0b7f4f1e8c11") String id,
        @Schema(example = "Maria Souza") String nome,
        @Schema(example = "39053344705", description = "Sem pontuação; letras em maiúsculas (CNPJ alfanumérico)")
        String documento,
        @Schema(allowableValues = {"CPF", "CNPJ"}) String tipoDocumento,
        @Schema(nullable = true) String email,
        @Schema(nullable = true) String telefone,
        @Schema(nullable = true) String celular,
        @Schema(nullable = true, example = "01310100") String cep,
        @Schema(nullable = true) String endereco,
        @Schema(nullable = true) String numero,
        @Schema(nullable = true) String bairro,
        @Schema(nullable = true) String cidade,
        @Schema(nullable = true, example = "SP") String uf,
        Instant criadoEm,
        Instant atualizadoEm,
        @Schema(description = "Versão do agregado após a última alteração (extensão)", example = "0") long versao)
        implements RecursosComoGet.Cliente {

    public static ClienteJson de(ClienteView view) {
        DadosCliente d = view.dados();
        return new ClienteJson(view.id(), d.nome(), d.documento(), d.tipoDocumento(), d.email(), d.telefone(),
                d.celular(), d.cep(), d.endereco(), d.numero(), d.bairro(), d.cidade(), d.uf(), view.criadoEm(),
                view.atualizadoEm(), view.versao());
    }
}
